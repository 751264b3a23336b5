import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken, operatorSessionTtlMs } from '../../lib/tokens.ts';
import type { Client } from '../member/index.ts';
import { guardLogin } from '../member/index.ts';
import { checkSecondFactor } from './second-factor.ts';

type OperatorRow = typeof operators.$inferSelect;

/** Why a sign-in failed, as the audit log names it; never what was typed as the password. */
type SignInFailure = 'unknownUser' | 'wrongPassword' | 'disabled' | 'wrongCode' | 'locked' | 'rateLimited';

function failureOf(error: AppError, operator: OperatorRow | undefined): SignInFailure {
  if (error.code === 'LOGIN_LOCKED' || error.code === 'LOGIN_SLOWED') return 'locked';
  if (!operator) return 'unknownUser';
  if (error.code === 'TOTP_WRONG') return 'wrongCode';
  if (operator.disabledAt && error.code === 'LOGIN_FAILED') return 'disabled';
  return 'wrongPassword';
}

/**
 * Operators log in to their own sessions (12 hours), under the same lockout as members; once
 * enrolled, with a TOTP code too (docs/admin.md). Every sign-in is audited (entity `operator`),
 * a failed one with the username typed and why it failed; a password step that only asks for
 * the code (`TOTP_REQUIRED`) is not a failure.
 */
export async function operatorLogin(db: Database, username: string, password: string, client: Client, code?: string) {
  const identifier = username.trim().toLowerCase();
  const [operator] = await db
    .select()
    .from(operators)
    .where(eq(sql`lower(${operators.username})`, identifier))
    .limit(1);
  try {
    await guardLogin(
      db,
      { audience: 'operator', identifier, operatorId: operator?.id ?? null },
      operator?.passwordHash,
      password,
      client,
    );
    if (!operator || operator.disabledAt) throw new AppError('LOGIN_FAILED');
    await checkSecondFactor(db, operator, code, { audience: 'operator', identifier, operatorId: operator.id }, client);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'TOTP_REQUIRED') {
      await recordAudit(db, {
        operatorId: operator?.id ?? null,
        ip: client.ip,
        action: 'operator.loginFailed',
        entity: 'operator',
        entityId: operator?.id ?? '',
        before: null,
        after: { username: identifier, failure: failureOf(error, operator), userAgent: client.userAgent },
      });
    }
    throw error;
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + operatorSessionTtlMs);
  await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(operatorSessions)
      .values({ operatorId: operator.id, tokenHash: hashToken(token), expiresAt, ...client })
      .returning({ id: operatorSessions.id });
    await recordAudit(tx, {
      operatorId: operator.id,
      ip: client.ip,
      action: 'operator.login',
      entity: 'operator',
      entityId: operator.id,
      before: null,
      after: { username: operator.username, sessionId: session?.id, userAgent: client.userAgent },
    });
  });
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    totpEnabled: operator.totpEnabledAt !== null,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Ends the operator's session, audited; a session already ended records nothing. */
export async function operatorLogout(db: Database, operator: { operatorId: number; sessionId: number }, ip: string) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.id, operator.sessionId), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    if (ended.length === 0) return;
    await recordAudit(tx, {
      operatorId: operator.operatorId,
      ip,
      action: 'operator.logout',
      entity: 'operator',
      entityId: operator.operatorId,
      before: null,
      after: { sessionId: operator.sessionId },
    });
  });
}

const rateLimitedSeen = new Map<string, number>();

/**
 * A sign-in the rate limit turned away (429) is audited too, as `operator.loginFailed` with
 * failure `rateLimited` (docs/admin.md, The audit log). It is turned away before its body is
 * read, so the entry has the address, not the username; one entry per address a minute, so a
 * flood cannot flood the log.
 */
export function auditRateLimitedLogin(db: Database, client: Client, now = Date.now()): Promise<void> | undefined {
  const last = rateLimitedSeen.get(client.ip);
  if (last !== undefined && now - last < 60_000) return undefined;
  if (rateLimitedSeen.size > 10_000) rateLimitedSeen.clear();
  rateLimitedSeen.set(client.ip, now);
  return recordAudit(db, {
    operatorId: null,
    ip: client.ip,
    action: 'operator.loginFailed',
    entity: 'operator',
    entityId: '',
    before: null,
    after: { username: null, failure: 'rateLimited' satisfies SignInFailure, userAgent: client.userAgent },
  });
}
