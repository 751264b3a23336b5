import type { LanguageKey, LoginAnswer } from '@soar/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { memberSessionLive } from '../../core/sessions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { loginAttempts, sessions, users } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, memberSessionTtlMs, newToken } from '../../lib/tokens.ts';
import { userInfoOf } from './profile.ts';
import { noteSignIn, type SignInAlerts, signInAlertsOf } from './sign-in-notice.ts';

/**
 * Who is asking: recorded with sessions and login attempts, and the language of their messages;
 * `alerts` tells the member of a sign-in from a new device (sign-in-notice.ts).
 */
export type Client = { ip: string; userAgent: string; lang?: LanguageKey; alerts?: SignInAlerts };

export const userAgentMaxLength = 512;

export function clientOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  lang?: LanguageKey;
  server?: { bus?: EventBus };
}): Client {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, userAgentMaxLength),
    lang: request.lang,
    alerts: signInAlertsOf(request.server?.bus),
  };
}

/** Opens a session for the member and answers as every login does: the token and the user info. */
export async function openSession(db: Database | Transaction, userId: number, client: Client): Promise<LoginAnswer> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + memberSessionTtlMs);
  const { ip, userAgent } = client;
  const [session] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, ip, userAgent })
    .returning({ id: sessions.id });
  if (session) await noteSignIn(db, { id: session.id, userId }, client);
  // The language mails to the member are written in (notification mail, holds an operator started).
  if (client.lang) {
    await db
      .update(users)
      .set({ lang: client.lang })
      .where(and(eq(users.id, userId), sql`${users.lang} is distinct from ${client.lang}`));
  }
  return { token, expiresAt: expiresAt.toISOString(), ...(await userInfoOf(db, userId)) };
}

/** Ends one of the member's live sessions; another member's id is as unknown as a missing one. */
export async function revokeSession(db: Database, userId: number, sessionId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), memberSessionLive(new Date())))
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw new AppError('NOT_FOUND');
  return revoked.length;
}

/** Ends every live session of the member, or every one but `except`. */
export async function revokeAllSessions(db: Database | Transaction, userId: number, except?: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        memberSessionLive(new Date()),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export const attemptsShown = 20;

/** The member's devices (live sessions) and the latest login attempts on the account. */
export async function listSessions(db: Database, userId: number, currentSessionId: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), memberSessionLive(new Date())))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const attempts = await db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.audience, 'member'), eq(loginAttempts.userId, userId)))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(attemptsShown);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    })),
    attempts: attempts.map((row) => ({
      time: row.createdAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      result: row.result as 'success' | 'failed' | 'lockout' | 'locked',
    })),
  };
}
