import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AuthenticationResponse, LoginAnswer } from '@soar/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberLoginChallenges, memberPasskeys, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { countLoginFailure, type LoginSubject, recordLoginSuccess, refuseWhileLocked } from './login-guard.ts';
import { type Client, openSession } from './sessions.ts';
import {
  knownTransports,
  notePasskeyUse,
  passkeyById,
  passkeyTimeoutMs,
  type RelyingParty,
  storeChallenge,
  takeChallenge,
  verifyAssertion,
} from './webauthn.ts';

const subjectOf = (userId: number): LoginSubject => ({ audience: 'member', identifier: `user:${userId}`, userId });

/**
 * Runs `check` under the account's lockout: a refused passkey answer of a known member counts as
 * a failed login, as a wrong password or code does (five lock the account).
 */
async function underLockout<T>(db: Database, userId: number, client: Client, check: () => Promise<T>): Promise<T> {
  const subject = subjectOf(userId);
  await refuseWhileLocked(db, subject, client);
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('PASSKEY_')) {
      return countLoginFailure(db, subject, client, error);
    }
    throw error;
  }
}

/**
 * Options for a sign-in without a name typed: no passkeys listed, so the device offers those it
 * holds for Soar. The device must verify its owner (PIN, fingerprint, face): the passkey then
 * stands for both steps, and two-step sign-in asks for no code after it.
 */
export async function passkeySignInOptions(db: Database, rp: RelyingParty) {
  const challenge = await storeChallenge(db, { purpose: 'signIn' });
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: passkeyTimeoutMs,
    userVerification: 'required',
    allowCredentials: [],
  });
  return { options };
}

/** A sign-in by passkey: the login answer, through the same session opening as every login. */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponse,
  client: Client,
): Promise<LoginAnswer> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'signIn', rp);
  const passkey = await passkeyById(db, response.id);
  if (!passkey) throw new AppError('PASSKEY_UNKNOWN');
  const [user] = await db.select().from(users).where(eq(users.id, passkey.userId));
  if (!user) throw new AppError('PASSKEY_UNKNOWN');
  return underLockout(db, user.id, client, async () => {
    // The device names whose passkey it is: it must be the member the passkey was added for.
    if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.userHandle) {
      throw new AppError('PASSKEY_UNKNOWN');
    }
    const counter = await verifyAssertion(response, passkey, {
      challenge: taken.challenge,
      rp,
      userVerification: true,
    });
    if (user.loginFrozen) throw new AppError('ACCOUNT_FROZEN');
    return db.transaction(async (tx) => {
      await notePasskeyUse(tx, passkey, counter);
      await recordLoginSuccess(tx, subjectOf(user.id), client);
      return openSession(tx, user.id, client);
    });
  });
}

/** The login challenge a password step left, while it is live. */
async function pendingLogin(db: Database, challenge: string) {
  const live = and(
    eq(memberLoginChallenges.challengeHash, hashToken(challenge)),
    isNull(memberLoginChallenges.usedAt),
    gt(memberLoginChallenges.expiresAt, new Date()),
  );
  const [pending] = await db.select().from(memberLoginChallenges).where(live);
  if (!pending) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
  const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
  if (!user?.totpEnabledAt) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
  if (user.loginFrozen) throw new AppError('ACCOUNT_FROZEN');
  return { pending, user, live };
}

/** Options for the second step of a sign-in: the member's own passkeys, presence enough. */
export async function passkeySecondStepOptions(db: Database, rp: RelyingParty, challenge: string) {
  const { pending, user } = await pendingLogin(db, challenge);
  const passkeys = await db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, user.id));
  if (passkeys.length === 0) throw new AppError('PASSKEY_UNKNOWN');
  const bytes = await storeChallenge(db, { purpose: 'secondStep', userId: user.id, loginChallengeId: pending.id });
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: bytes,
    timeout: passkeyTimeoutMs,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((row) => ({ id: row.credentialId, transports: knownTransports(row.transports) })),
  });
  return { options };
}

/**
 * The second step answered with a passkey instead of a code: a passkey of the member whose
 * password was right, over options made for this login challenge. The challenge is spent with
 * the session it opens.
 */
export async function completeWithPasskey(
  db: Database,
  rp: RelyingParty,
  body: { challenge: string; response: AuthenticationResponse },
  client: Client,
): Promise<LoginAnswer> {
  const { pending, user, live } = await pendingLogin(db, body.challenge);
  const taken = await takeChallenge(db, body.response.response.clientDataJSON, 'secondStep', rp);
  if (taken.loginChallengeId !== pending.id || taken.userId !== user.id) {
    throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  }
  return underLockout(db, user.id, client, async () => {
    const passkey = await passkeyById(db, body.response.id);
    // Another member's passkey is as unknown here as one never added.
    if (!passkey || passkey.userId !== user.id) throw new AppError('PASSKEY_UNKNOWN');
    const counter = await verifyAssertion(body.response, passkey, {
      challenge: taken.challenge,
      rp,
      userVerification: false,
    });
    return db.transaction(async (tx) => {
      const spent = await tx
        .update(memberLoginChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(memberLoginChallenges.id, pending.id), live))
        .returning({ id: memberLoginChallenges.id });
      if (spent.length === 0) throw new AppError('LOGIN_CHALLENGE_EXPIRED');
      await notePasskeyUse(tx, passkey, counter);
      return openSession(tx, user.id, client);
    });
  });
}
