import type { OperatorRole } from '@soar/contract';
import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { type Database, queryText, type Transaction } from '../db/client.ts';
import { operatorSessions, operators, sessions } from '../db/schema/index.ts';
import { hashToken, lastSeenIntervalMs } from '../lib/tokens.ts';

/**
 * The one rule for a live session (docs/architecture.md, Accounts and sessions): neither revoked
 * nor expired; an operator's also needs the operator not disabled. Every guard (HTTP, sockets,
 * the older client's token checks) and every list of sessions uses these.
 */
export function memberSessionLive(now: Date): SQL {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now)) as SQL;
}

/** On `operator_sessions` joined to `operators`. */
export function operatorSessionLive(now: Date): SQL {
  return and(
    isNull(operatorSessions.revokedAt),
    gt(operatorSessions.expiresAt, now),
    isNull(operators.disabledAt),
  ) as SQL;
}

export type MemberSession = { id: number; userId: number /** last seen over a minute ago */; stale: boolean };

/**
 * Every member call looks its session up: a constant text (prepared once per connection) rather
 * than a select drizzle builds on each call (docs/performance.md, bench:trade); the same rule as
 * `memberSessionLive`. `stale`: last seen at least `lastSeenIntervalMs` before $3.
 */
const memberSessionStatement = `select id, user_id, last_seen_at <= $3::timestamptz as stale from sessions
  where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz
  limit 1`;

/** The live member session a raw token opens, if any. */
export async function memberSessionOfToken(
  db: Database | Transaction,
  token: string,
  now = new Date(),
): Promise<MemberSession | undefined> {
  const [row] = await queryText<{ id: number; user_id: number; stale: boolean }>(db, memberSessionStatement, [
    hashToken(token),
    now.toISOString(),
    new Date(now.getTime() - lastSeenIntervalMs).toISOString(),
  ]);
  return row && { id: row.id, userId: row.user_id, stale: row.stale };
}

export type OperatorSession = {
  id: number;
  operatorId: number;
  username: string;
  role: OperatorRole;
  totpEnabledAt: Date | null;
};

/** The live operator session a raw token opens, if any. */
export async function operatorSessionOfToken(
  db: Database | Transaction,
  token: string,
  now = new Date(),
): Promise<OperatorSession | undefined> {
  const [session] = await db
    .select({
      id: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      username: operators.username,
      role: operators.role,
      totpEnabledAt: operators.totpEnabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), operatorSessionLive(now)))
    .limit(1);
  return session;
}

/** Of these operator sessions, the ids still live. */
export async function liveOperatorSessionIds(
  db: Database,
  sessionIds: number[],
  now = new Date(),
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: operatorSessions.id })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(inArray(operatorSessions.id, sessionIds), operatorSessionLive(now)));
  return new Set(rows.map((row) => row.id));
}

/** Ids of the member's live sessions. */
export async function liveMemberSessionIds(db: Database, userId: number, now = new Date()): Promise<Set<number>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), memberSessionLive(now)));
  return new Set(rows.map((row) => row.id));
}
