import type { LoginAnswer } from '@soar/contract';
import { count, eq } from 'drizzle-orm';
import { memberSessionOfToken } from '../../core/sessions.ts';
import type { Database } from '../../db/client.ts';
import { currencies, languages, markets, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Client, openSession, revokeSession } from '../member/index.ts';

/** Public counts for the older client's landing page. */
export async function aggregateStat(db: Database) {
  const [[members], [marketCount], [currencyCount], [languageCount]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(markets).where(eq(markets.enabled, true)),
    db.select({ n: count() }).from(currencies).where(eq(currencies.enabled, true)),
    db.select({ n: count() }).from(languages).where(eq(languages.enabled, true)),
  ]);
  return {
    members: members?.n ?? 0,
    markets: marketCount?.n ?? 0,
    currencies: currencyCount?.n ?? 0,
    languages: languageCount?.n ?? 0,
  };
}

/** PUT user/login: trades a live token for a new one and ends the old session. */
export async function refreshToken(db: Database, token: string | undefined, client: Client): Promise<LoginAnswer> {
  const session = token ? await memberSessionOfToken(db, token) : undefined;
  if (!session) throw new AppError('UNAUTHORIZED');
  // Revoking first means two refreshes racing with one token cannot both succeed.
  await revokeSession(db, session.userId, session.id).catch(() => {
    throw new AppError('UNAUTHORIZED');
  });
  return openSession(db, session.userId, client);
}

export async function isLogged(db: Database, token: string | undefined): Promise<boolean> {
  return token ? (await memberSessionOfToken(db, token)) !== undefined : false;
}
