import type { OperatorRole } from '@soar/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryText } from '../db/client.ts';
import { operatorSessions, operators, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken, hashToken, lastSeenIntervalMs, memberSessionTtlMs } from '../lib/tokens.ts';

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

/**
 * Every member call looks its session up: a constant text (prepared once per connection) rather
 * than a select drizzle builds on each call (docs/performance.md, bench:trade). `stale`: last seen
 * at least `lastSeenIntervalMs` ago ($3 is now minus that interval).
 */
const memberSessionStatement = `select id, user_id, last_seen_at <= $3::timestamptz as stale from sessions
  where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz
  limit 1`;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    const now = new Date();
    const [session] = await queryText<{ id: number; user_id: number; stale: boolean }>(app.db, memberSessionStatement, [
      hashToken(token),
      now.toISOString(),
      new Date(now.getTime() - lastSeenIntervalMs).toISOString(),
    ]);
    if (!session) throw new AppError('UNAUTHORIZED');
    // Sliding expiry: a session in use stays alive; writing at most once a minute keeps reads cheap.
    if (session.stale) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + memberSessionTtlMs) })
        .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
    }
    request.member = { userId: session.user_id, sessionId: session.id };
  });

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    const [session] = await app.db
      .select({
        id: operatorSessions.id,
        operatorId: operatorSessions.operatorId,
        username: operators.username,
        role: operators.role,
        totpEnabledAt: operators.totpEnabledAt,
      })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(token)),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, new Date()),
          isNull(operators.disabledAt),
        ),
      )
      .limit(1);
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
