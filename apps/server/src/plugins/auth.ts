import type { OperatorRole } from '@soar/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { memberSessionOfToken, operatorSessionOfToken } from '../core/sessions.ts';
import { sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken, memberSessionTtlMs } from '../lib/tokens.ts';

export type MemberPrincipal = { userId: number; sessionId: number };
export type OperatorPrincipal = {
  operatorId: number;
  sessionId: number;
  username: string;
  role: OperatorRole;
  /** Whether a second factor is enrolled (production asks every operator for one). */
  totpEnabled: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberPrincipal | null;
    operator: OperatorPrincipal | null;
  }
  interface FastifyInstance {
    /** onRequest hook for member-only routes: 401 unless a live member token is presented. */
    requireMember(request: FastifyRequest): Promise<void>;
    /** onRequest hook for operator routes: 401 unless a live operator token is presented. */
    requireOperator(request: FastifyRequest): Promise<void>;
  }
}

/** The signed-in member of a route guarded by `requireMember`. */
export function memberOf(request: FastifyRequest): MemberPrincipal {
  if (!request.member) throw new AppError('UNAUTHORIZED');
  return request.member;
}

export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    const now = new Date();
    const session = await memberSessionOfToken(app.db, token, now);
    if (!session) throw new AppError('UNAUTHORIZED');
    // Sliding expiry: a session in use stays alive; writing at most once a minute keeps reads cheap.
    if (session.stale) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + memberSessionTtlMs) })
        .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
    }
    request.member = { userId: session.userId, sessionId: session.id };
  });

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    const session = await operatorSessionOfToken(app.db, token);
    if (!session) throw new AppError('UNAUTHORIZED');
    request.operator = {
      operatorId: session.operatorId,
      sessionId: session.id,
      username: session.username,
      role: session.role,
      totpEnabled: session.totpEnabledAt !== null,
    };
  });
});
