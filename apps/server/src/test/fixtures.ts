import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operatorSessions, operators, sessions, users } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

const day = 24 * 60 * 60 * 1000;

/** A member with a live token, written straight to the database (no login call needed). */
export async function createMember(app: FastifyInstance, values: Partial<typeof users.$inferInsert> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await app.db
    .insert(users)
    .values({
      uid: values.uid ?? String(10_000_000 + (Number.parseInt(suffix, 16) % 89_999_999)),
      nickname: `member-${suffix}`,
      mail: `member-${suffix}@example.test`,
      passwordHash: 'fixture: no password',
      inviteCode: suffix.toUpperCase(),
      ...values,
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  const token = newToken();
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + day) })
    .returning();
  if (!session) throw new Error('insert returned no session');
  return { user, token, sessionId: session.id, headers: { authorization: `Bearer ${token}` } };
}

export async function createOperator(app: FastifyInstance, values: Partial<typeof operators.$inferInsert> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [operator] = await app.db
    .insert(operators)
    .values({ username: `operator-${suffix}`, passwordHash: 'fixture: no password', ...values })
    .returning();
  if (!operator) throw new Error('insert returned no operator');
  const token = newToken();
  await app.db
    .insert(operatorSessions)
    .values({ operatorId: operator.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + day) });
  return { operator, token, headers: { authorization: `Bearer ${token}` } };
}
