import { type Endpoint, type OperatorRole, roleAllows } from '@soar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { type IdempotencyClaim, idempotencyClaim } from '../core/idempotency.ts';
import type { MemberPrincipal, OperatorPrincipal } from '../plugins/auth.ts';
import { success } from './envelope.ts';
import { AppError } from './errors.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointRequest<E extends Endpoint> = FastifyRequest & {
  query: Output<E['query']>;
  body: Output<E['body']>;
};

/** An operator acting: who, from where (the audit log records both). */
export type Actor = { operatorId: number; role: OperatorRole; ip: string };

/** What the guard established, typed by the endpoint's access. */
export type EndpointContext<E extends Endpoint> = {
  claim?: IdempotencyClaim;
  reply: FastifyReply;
} & (E['access'] extends 'member'
  ? { member: MemberPrincipal }
  : E['access'] extends 'operator'
    ? { operator: OperatorPrincipal; actor: Actor }
    : { member?: undefined; operator?: undefined });

/** The `data` of the endpoint's success envelope. */
export type EndpointData<E extends Endpoint> = z.input<E['response']> extends { data: infer D } ? D : never;

type Extra = Pick<RouteOptions, 'config' | 'preHandler' | 'bodyLimit'>;

const idempotencyHeader = z.looseObject({
  'idempotency-key': z.string().optional().describe('a replay with the same key and body returns the first answer'),
});

/**
 * Registers one endpoint of the contract: its method, path, guard (member, or operator with a
 * role the endpoint allows), validation, response schema and documentation all come from the
 * one declaration in @soar/contract. The handler answers the envelope's `data`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, context: EndpointContext<E>) => Promise<EndpointData<E>> | EndpointData<E>,
  extra: Extra = {},
): void {
  const tag = endpoint.path.split('/')[1] ?? 'api';
  const guarded = endpoint.access !== 'public';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: guarded ? guardOf(app, endpoint) : undefined,
    schema: {
      tags: [tag],
      summary: endpoint.summary,
      ...(guarded ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyHeader } : {}),
      response: { 200: endpoint.response },
    },
    ...extra,
    handler: async (request, reply) => {
      const context = contextOf(endpoint, request, reply) as EndpointContext<E>;
      return success(await handler(request as EndpointRequest<E>, context));
    },
  });
}

function guardOf(app: FastifyInstance, endpoint: Endpoint) {
  if (endpoint.access === 'member') return app.requireMember;
  return async (request: FastifyRequest) => {
    await app.requireOperator(request);
    if (!request.operator || !roleAllows(endpoint, request.operator.role)) throw new AppError('FORBIDDEN');
    // docs/admin.md: where a second factor is required, an operator without one may only enrol.
    if (app.config.requireOperatorTotp && !request.operator.totpEnabled && !endpoint.beforeTotp) {
      throw new AppError('TOTP_ENROLMENT_REQUIRED');
    }
  };
}

function contextOf(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply) {
  if (endpoint.access === 'member' && request.member) {
    const member = request.member;
    const claim = endpoint.idempotent
      ? idempotencyClaim(idempotentRequest(request), `member:${member.userId}`)
      : undefined;
    return { member, claim, reply };
  }
  if (endpoint.access === 'operator' && request.operator) {
    const operator = request.operator;
    const claim = endpoint.idempotent
      ? idempotencyClaim(idempotentRequest(request), `operator:${operator.operatorId}`)
      : undefined;
    const actor: Actor = { operatorId: operator.operatorId, role: operator.role, ip: request.ip };
    return { operator, actor, claim, reply };
  }
  return { reply };
}

/** The `Idempotency-Key` header and what the request asked; an empty or repeated header is a key too. */
function idempotentRequest(request: FastifyRequest) {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  return { key, method: request.method, route: request.routeOptions.url ?? request.url, body: request.body };
}

/** A file a download endpoint answers: its name and its bytes, whole or streamed. */
export type DownloadFile = { filename: string; body: Buffer | NodeJS.ReadableStream };

/**
 * Registers a download endpoint of the contract (`endpoint.download` names its content type):
 * the same guard and query validation as `route()`, but the answer is the file itself, sent as
 * an attachment, not the JSON envelope. Errors before the first byte still answer the envelope.
 */
export function download<E extends Endpoint & { download: string }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, context: EndpointContext<E>) => Promise<DownloadFile>,
): void {
  const tag = endpoint.path.split('/')[1] ?? 'api';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: guardOf(app, endpoint),
    schema: {
      tags: [tag],
      summary: endpoint.summary,
      security: [{ bearer: [] }],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
    },
    handler: async (request, reply) => {
      const context = contextOf(endpoint, request, reply) as EndpointContext<E>;
      const file = await handler(request as EndpointRequest<E>, context);
      return reply
        .header(
          'content-type',
          endpoint.download.startsWith('text/') ? `${endpoint.download}; charset=utf-8` : endpoint.download,
        )
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
}
