import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken, operatorSessionTtlMs } from '../../lib/tokens.ts';
import type { Client } from '../member/index.ts';
import { guardLogin } from '../member/index.ts';
import { checkSecondFactor } from './second-factor.ts';

/**
 * Operators log in to their own sessions (12 hours), under the same lockout as members; once
 * enrolled, with a TOTP code too (docs/admin.md).
 */
export async function operatorLogin(db: Database, username: string, password: string, client: Client, code?: string) {
  const identifier = username.trim().toLowerCase();
  const [operator] = await db
    .select()
    .from(operators)
    .where(eq(sql`lower(${operators.username})`, identifier))
    .limit(1);
  await guardLogin(
    db,
    { audience: 'operator', identifier, operatorId: operator?.id ?? null },
    operator?.passwordHash,
    password,
    client,
  );
  if (!operator || operator.disabledAt) throw new AppError('LOGIN_FAILED');
  await checkSecondFactor(db, operator, code, { audience: 'operator', identifier, operatorId: operator.id }, client);
  const token = newToken();
  const expiresAt = new Date(Date.now() + operatorSessionTtlMs);
  await db
    .insert(operatorSessions)
    .values({ operatorId: operator.id, tokenHash: hashToken(token), expiresAt, ...client });
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    totpEnabled: operator.totpEnabledAt !== null,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function operatorLogout(db: Database, sessionId: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}
