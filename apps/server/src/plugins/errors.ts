import { resolveLanguage } from '@soar/contract';
import { hasMessage } from '@soar/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, ValidationError } from '../lib/errors.ts';
import { moneyErrors, readableParams } from '../lib/readable-params.ts';
import { t } from './i18n.ts';
import { toValidationError } from './validation.ts';

/** Fastify's own failures, by their error code, as our stable codes. */
const fastifyCodes: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

function asAppError(error: FastifyError, request: FastifyRequest): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.validation !== undefined || error.code === 'FST_ERR_VALIDATION') {
    if (error instanceof ValidationError) return error;
    if (error instanceof ZodError) return toValidationError(error);
    return new ValidationError([{ messageKey: 'validation.invalid', params: { field: 'body' } }]);
  }
  const mapped = fastifyCodes[error.code];
  if (mapped === 'UNSUPPORTED_MEDIA_TYPE') {
    return new AppError(mapped, undefined, { type: request.headers['content-type'] ?? '' });
  }
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('MALFORMED_JSON');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('BAD_REQUEST');
  return undefined;
}

export function sendError(reply: FastifyReply, error: AppError) {
  const { request } = reply;
  // A field is named by its label in the reader's language, never by its key.
  const labelled = (params: Record<string, string | number>) => {
    if (params.field === undefined) return params;
    const field = String(params.field);
    return { ...params, field: hasMessage(`fields.${field}`) ? t(request, `fields.${field}`) : field };
  };
  // Money the server worked out reads at its currency's decimals in the reader's locale.
  const money = moneyErrors[error.code];
  const readable = (params: Record<string, string | number>) =>
    money ? readableParams(request.lang, params, decimalsOf(reply), money) : params;
  const message =
    error instanceof ValidationError
      ? error.problems.map(({ messageKey, params }) => t(request, messageKey, labelled(params)))
      : t(request, error.messageKey, readable(labelled(error.params)));
  return reply.status(error.status).send({ code: error.code, message });
}

/** Money in a message at its currency's decimals: the currency list the settings hold in memory. */
function decimalsOf(reply: FastifyReply) {
  const currencies = reply.server.hasDecorator('settings') ? reply.server.settings.snapshot.currencies : [];
  return (code: string) => currencies.find((currency) => currency.code === code)?.decimals;
}

/** The one place that turns failures into the envelope (docs/api.md); 5xx hide internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = asAppError(error, request);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.code);
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, new AppError('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new AppError('ROUTE_NOT_FOUND', undefined, { method: request.method, path: shownPath(request.url) }),
    ),
  );
});

/** The path a message may echo: without its query, and cut short (an answer never mirrors a 10 kB address). */
function shownPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > shownPathLength ? `${path.slice(0, shownPathLength)}…` : path;
}
const shownPathLength = 80;

/**
 * The router's own refusals, before any hook runs (a path that does not percent-decode, a path
 * parameter over `maxParamLength`): answered in the envelope and the request's language like
 * every other failure, never in Fastify's shape echoing the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = resolveLanguage(request.headers['x-soar-lang']);
  return sendError(reply, new AppError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_URL'));
}
