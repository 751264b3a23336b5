import { createHash, randomInt } from 'node:crypto';
import { type LoginAnswer, type LoginChallenge, recoveryCodeCount } from '@soar/contract';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { type StartedHold, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { memberLoginChallenges, memberRecoveryCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import { phoneDestination } from './codes.ts';
import { countLoginFailure, guardLogin, type LoginSubject, refuseWhileLocked } from './login-guard.ts';
import { type Client, openSession } from './sessions.ts';

/** docs/identity.md (Two-step sign-in): the second step must follow the password within five minutes. */
export const loginChallengeTtlMs = 5 * 60 * 1000;

type User = typeof users.$inferSelect;

/** Crockford's base32: no I, L, O or U, so a code copied by hand reads back the same. */
const recoveryAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const recoveryLength = 16;

/** 16 characters of a 32-letter alphabet: 80 random bits, shown as `XXXX-XXXX-XXXX-XXXX`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: recoveryLength }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** What the member typed, as it was handed out: any case, with or without dashes and spaces. */
function recoveryDigest(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== recoveryLength || [...code].some((char) => !recoveryAlphabet.includes(char))) return undefined;
  // SHA-256 rather than argon2: 80 random bits cannot be guessed offline, so a slow hash would
  // only cost time at every use (docs/identity.md, Two-step sign-in).
  return createHash('sha256').update(code).digest('hex');
}

/** The account as the authenticator app (or a passkey) lists it: the member's mail, else phone, else UID. */
export function accountLabel(user: User): string {
  if (user.mail) return user.mail;
  if (user.phone && user.areaCode) return phoneDestination(user.areaCode, user.phone);
  return user.uid;
}

async function userRow(db: Database | Transaction, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** Wrong second factors count by the account, with wrong passwords (login-guard.ts). */
function subjectOf(user: User): LoginSubject {
  return { audience: 'member', identifier: `user:${user.id}`, userId: user.id };
}

/** A new secret, not in force until `confirmTotp`; a second enrolment replaces an unconfirmed one. */
export async function enrolTotp(db: Database, userId: number, issuer: string) {
  const user = await userRow(db, userId);
  const secret = newTotpSecret();
  const started = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (started.length === 0) throw new AppError('TOTP_ALREADY_ENABLED');
  return { secret, otpauthUrl: otpauthUri(issuer, accountLabel(user), secret) };
}

type CodeCheck = 'ok' | 'wrong' | 'used';

/**
 * Marks `step` used unless a code of this step or a later one was accepted: one statement, so
 * two requests racing with the same code cannot both pass.
 */
async function claimStep(db: Database | Transaction, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

async function checkTotp(db: Database | Transaction, user: User, code: string): Promise<CodeCheck> {
  if (!user.totpSecret) return 'wrong';
  const step = matchTotp(user.totpSecret, code, Date.now(), null);
  if (step === undefined) return 'wrong';
  if (user.totpLastStep !== null && step <= user.totpLastStep) return 'used';
  return (await claimStep(db, user.id, step)) ? 'ok' : 'used';
}

/** A 6-digit code is the authenticator's; anything else may be one of the member's recovery codes. */
async function checkSecondFactor(db: Database | Transaction, user: User, code: string): Promise<CodeCheck> {
  if (/^\d{6}$/.test(code)) return checkTotp(db, user, code);
  const digest = recoveryDigest(code);
  if (!digest) return 'wrong';
  const mine = and(eq(memberRecoveryCodes.userId, user.id), eq(memberRecoveryCodes.codeHash, digest));
  const spent = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(mine, isNull(memberRecoveryCodes.usedAt)))
    .returning({ id: memberRecoveryCodes.id });
  if (spent.length > 0) return 'ok';
  const [used] = await db.select({ id: memberRecoveryCodes.id }).from(memberRecoveryCodes).where(mine);
  return used ? 'used' : 'wrong';
}

/** Thrown inside a transaction so that it rolls back, then counted outside it. */
class RefusedCode extends Error {
  constructor(readonly check: Exclude<CodeCheck, 'ok'>) {
    super(check);
  }
}

/**
 * Runs `work` with the code accepted, in one transaction with what the code opens; a wrong or
 * replayed code changes nothing and counts as a failed login (five lock the account).
 */
async function withSecondFactor<T>(
  db: Database,
  user: User,
  code: string,
  client: Client,
  work: (tx: Transaction) => Promise<T>,
  { totpOnly = false } = {},
): Promise<T> {
  const check = totpOnly ? checkTotp : checkSecondFactor;
  const subject = subjectOf(user);
  await refuseWhileLocked(db, subject, client);
  try {
    return await db.transaction(async (tx) => {
      const result = await check(tx, user, code);
      if (result !== 'ok') throw new RefusedCode(result);
      return work(tx);
    });
  } catch (error) {
    if (!(error instanceof RefusedCode)) throw error;
    const refusal = error.check === 'used' ? 'TOTP_CODE_USED' : totpOnly ? 'TOTP_WRONG' : 'SECOND_FACTOR_WRONG';
    return countLoginFailure(db, subject, client, new AppError(refusal));
  }
}

/** Turns two-step sign-in on with a first code and answers the ten recovery codes, once. */
export async function confirmTotp(db: Database, userId: number, code: string, client: Client) {
  const user = await userRow(db, userId);
  if (user.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
  if (!user.totpSecret) throw new AppError('TOTP_NOT_STARTED');
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await withSecondFactor(
    db,
    user,
    code,
    client,
    async (tx) => {
      const enabled = await tx
        .update(users)
        .set({ totpEnabledAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret ?? '')))
        .returning({ id: users.id });
      // Another request confirmed or restarted the enrolment meanwhile.
      if (enabled.length === 0) throw new AppError('TOTP_NOT_STARTED');
      await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, user.id));
      await tx
        .insert(memberRecoveryCodes)
        .values(recoveryCodes.map((recovery) => ({ userId: user.id, codeHash: recoveryDigest(recovery) ?? '' })));
    },
    { totpOnly: true },
  );
  return { recoveryCodes };
}

/**
 * Turns two-step sign-in off: the password (a wrong one counts toward the lockout, as a password
 * change's does) and a code or an unused recovery code.
 */
export async function disableTotp(
  db: Database,
  userId: number,
  body: { password: string; code: string },
  client: Client,
  now: Date,
): Promise<StartedHold> {
  const user = await userRow(db, userId);
  if (!user.totpEnabledAt) throw new AppError('TOTP_NOT_ENABLED');
  try {
    await guardLogin(db, subjectOf(user), user.passwordHash, body.password, client);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LOGIN_FAILED') throw new AppError('PASSWORD_WRONG');
    throw error;
  }
  // Two-step sign-in off is a risky change: withdrawals wait (docs/ledger.md, Withdrawal holds).
  return withSecondFactor(db, user, body.code, client, async (tx) => {
    await clearSecondFactors(tx, user.id);
    return startWithdrawalHold(tx, { userId: user.id, reason: 'totpOff', now });
  });
}

/** Two-step sign-in off: the secret, the recovery codes and any open login challenge go. */
export async function clearSecondFactors(tx: Transaction, userId: number): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId));
  await tx.delete(memberLoginChallenges).where(eq(memberLoginChallenges.userId, userId));
}

/** The password was right and two-step sign-in is on: a challenge instead of a session. */
export async function openLoginChallenge(db: Database, userId: number): Promise<LoginChallenge> {
  const challenge = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + loginChallengeTtlMs);
  await db
    .delete(memberLoginChallenges)
    .where(
      and(
        eq(memberLoginChallenges.userId, userId),
        or(lt(memberLoginChallenges.expiresAt, now), isNotNull(memberLoginChallenges.usedAt)),
      ),
    );
  await db.insert(memberLoginChallenges).values({ userId, challengeHash: hashToken(challenge), expiresAt });
  return { challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * The second step: a live challenge and a code of its member (an authenticator code or a
 * recovery code, each accepted once). The challenge is spent with the session it opens; a
 * wrong code leaves it for another try until the lockout.
 */
export async function completeLoginChallenge(
  db: Database,
  body: { challenge: string; code: string },
  client: Client,
): Promise<LoginAnswer> {
  const challengeHash = hashToken(body.challenge);
  const live = and(
    eq(memberLoginChallenges.challengeHash, challengeHash),
    isNull(memberLoginChallenges.usedAt),
    gt(memberLoginChallenges.expiresAt, new Date()),
  );
  const [pending] = await db.select().from(memberLoginChallenges).where(live);
  if (!pending) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
  const user = await userRow(db, pending.userId);
  if (!user.totpEnabledAt) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
  if (user.loginFrozen) throw new AppError('ACCOUNT_FROZEN');
  return withSecondFactor(db, user, body.code, client, async (tx) => {
    const spent = await tx
      .update(memberLoginChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(memberLoginChallenges.id, pending.id), live))
      .returning({ id: memberLoginChallenges.id });
    // Another request with the same challenge won the race: this one opens nothing.
    if (spent.length === 0) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
    return openSession(tx, user.id, client);
  });
}
