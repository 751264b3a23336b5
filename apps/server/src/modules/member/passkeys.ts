import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { type PasskeyItem, passkeyLimit, type RegistrationResponse } from '@soar/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { type StartedHold, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import type { Database } from '../../db/client.ts';
import { memberPasskeys, users } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { guardLogin } from './login-guard.ts';
import type { Client } from './sessions.ts';
import { accountLabel } from './two-step.ts';
import {
  knownTransports,
  type Passkey,
  passkeyById,
  passkeyTimeoutMs,
  type RelyingParty,
  refusalOf,
  storeChallenge,
  takeChallenge,
} from './webauthn.ts';

export function passkeyView(row: Passkey): PasskeyItem {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: Database, userId: number): Promise<{ passkeys: PasskeyItem[] }> {
  const rows = await db
    .select()
    .from(memberPasskeys)
    .where(eq(memberPasskeys.userId, userId))
    .orderBy(asc(memberPasskeys.id));
  return { passkeys: rows.map(passkeyView) };
}

/**
 * The password again, as a password change asks it (a wrong one counts toward the lockout):
 * whoever holds a stolen session must not add or take away a way to sign in.
 */
async function checkPassword(db: Database, userId: number, password: string, client: Client) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const subject = { audience: 'member' as const, identifier: `user:${user.id}`, userId: user.id };
  try {
    await guardLogin(db, subject, user.passwordHash, password, client);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LOGIN_FAILED') throw new AppError('PASSWORD_WRONG');
    throw error;
  }
  return user;
}

/**
 * Options for `navigator.credentials.create`: a discoverable credential (the device offers it at
 * sign-in without a name typed), the member's passkeys excluded so one device is added once.
 */
export async function passkeyRegistrationOptions(
  db: Database,
  rp: RelyingParty,
  userId: number,
  password: string,
  client: Client,
) {
  const user = await checkPassword(db, userId, password, client);
  const existing = await db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, userId));
  if (existing.length >= passkeyLimit) throw new AppError('PASSKEY_LIMIT', undefined, { limit: passkeyLimit });
  // One WebAuthn user id for all of a member's passkeys: a device then replaces its own old one.
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(new Uint8Array(randomBytes(16)));
  const challenge = await storeChallenge(db, { purpose: 'register', userId, userHandle });
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: accountLabel(user),
    userDisplayName: user.nickname,
    userID: isoBase64URL.toBuffer(userHandle),
    challenge,
    timeout: passkeyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: knownTransports(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options };
}

/**
 * Verifies what the browser made from the options and keeps it under the member's name for it.
 * A new way to sign in is a security event: the member is told at once (an account notice,
 * pushed whatever the notification settings say), so a passkey added from a stolen session is seen.
 */
export async function registerPasskey(
  db: Database,
  bus: EventBus,
  rp: RelyingParty,
  userId: number,
  body: { name: string; response: RegistrationResponse },
): Promise<PasskeyItem> {
  const { response } = body;
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'register', rp);
  if (taken.userId !== userId || !taken.userHandle) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  let credential: WebAuthnCredential;
  try {
    const verification = await verifyRegistrationResponse({
      response: {
        ...response,
        response: { ...response.response, transports: knownTransports(response.response.transports) },
        clientExtensionResults: response.clientExtensionResults ?? {},
      },
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verification.verified || !verification.registrationInfo) throw new AppError('PASSKEY_INVALID');
    credential = verification.registrationInfo.credential;
  } catch (error) {
    throw refusalOf(error);
  }
  if (credential.id !== response.id || response.rawId !== response.id) throw new AppError('PASSKEY_INVALID');
  if (await passkeyById(db, credential.id)) throw new AppError('PASSKEY_ALREADY_ADDED');
  const row = await new Ledger(db, bus).transaction(async (book) => {
    const { tx } = book;
    // One addition at a time per member, so two racing ones cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(memberPasskeys).where(eq(memberPasskeys.userId, userId));
    if ((held?.n ?? 0) >= passkeyLimit) throw new AppError('PASSKEY_LIMIT', undefined, { limit: passkeyLimit });
    const [added] = await tx
      .insert(memberPasskeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: knownTransports(response.response.transports),
        userHandle: taken.userHandle ?? '',
        name: body.name,
      })
      .onConflictDoNothing({ target: memberPasskeys.credentialId })
      .returning();
    if (!added) throw new AppError('PASSKEY_ALREADY_ADDED');
    await sendNotice(book, {
      userId,
      kind: 'passkeyAdded',
      params: { name: body.name },
      reference: `passkey:${added.id}`,
    });
    return added;
  });
  return passkeyView(row);
}

/** Another member's passkey id is as unknown as a missing one. */
export async function renamePasskey(
  db: Database,
  userId: number,
  body: { id: number; name: string },
): Promise<PasskeyItem> {
  const [row] = await db
    .update(memberPasskeys)
    .set({ name: body.name })
    .where(and(eq(memberPasskeys.id, body.id), eq(memberPasskeys.userId, userId)))
    .returning();
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return passkeyView(row);
}

/**
 * Removes one of the member's passkeys with the password, as turning two-step sign-in off asks
 * it; like that, a risky change: withdrawals are held (docs/ledger.md, Withdrawal holds).
 */
export async function removePasskey(
  db: Database,
  userId: number,
  body: { id: number; password: string },
  client: Client,
  now: Date,
): Promise<StartedHold> {
  const mine = and(eq(memberPasskeys.id, body.id), eq(memberPasskeys.userId, userId));
  const [found] = await db.select({ id: memberPasskeys.id }).from(memberPasskeys).where(mine);
  if (!found) throw new AppError('PASSKEY_NOT_FOUND');
  await checkPassword(db, userId, body.password, client);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(memberPasskeys).where(mine).returning({ id: memberPasskeys.id });
    if (removed.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
    return startWithdrawalHold(tx, { userId, reason: 'passkeyRemoved', now });
  });
}
