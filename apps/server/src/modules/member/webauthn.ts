import { randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, ErrorCode } from '@soar/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { memberPasskeyChallenges, memberPasskeys, type PasskeyPurpose } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';

/** Options are answered within five minutes, as a login challenge is (docs/identity.md, Passkeys). */
export const passkeyChallengeTtlMs = 5 * 60 * 1000;
/** How long the browser waits for the member at the authenticator. */
export const passkeyTimeoutMs = 2 * 60 * 1000;

export type RelyingParty = { id: string; origin: string; name: string };
export type Passkey = typeof memberPasskeys.$inferSelect;

/** The id and origin passkeys are bound to: `WEBAUTHN_RP_ID` and `PUBLIC_ORIGIN` (README, Configuration). */
export function relyingPartyOf(config: Config, name: string): RelyingParty {
  const origin = new URL(config.publicOrigin ?? `http://localhost:${config.port}`).origin;
  return { id: config.webauthnRpId ?? new URL(origin).hostname, origin, name };
}

const transports: readonly AuthenticatorTransportFuture[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];

/** The transports WebAuthn names; a newer browser's unknown one is dropped. */
export function knownTransports(values: readonly string[] | undefined): AuthenticatorTransportFuture[] {
  return (values ?? []).filter((value): value is AuthenticatorTransportFuture =>
    transports.includes(value as AuthenticatorTransportFuture),
  );
}

/** 256 random bits for the browser to sign; only the SHA-256 of their base64url is stored. */
export async function storeChallenge(
  db: Database | Transaction,
  values: { purpose: PasskeyPurpose; userId?: number; loginChallengeId?: number; userHandle?: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  const now = new Date();
  await db.delete(memberPasskeyChallenges).where(lt(memberPasskeyChallenges.expiresAt, now));
  await db.insert(memberPasskeyChallenges).values({
    ...values,
    challengeHash: hashToken(isoBase64URL.fromBuffer(bytes)),
    expiresAt: new Date(now.getTime() + passkeyChallengeTtlMs),
  });
  return bytes;
}

/** What the browser signed over: its type, origin and the challenge it answers. */
export function clientDataOf(clientDataJSON: string): { type: string; origin: string; challenge: string } {
  try {
    const data = decodeClientDataJSON(clientDataJSON) as { type?: unknown; origin?: unknown; challenge?: unknown };
    if (typeof data.type === 'string' && typeof data.origin === 'string' && typeof data.challenge === 'string') {
      return { type: data.type, origin: data.origin, challenge: data.challenge };
    }
  } catch {
    // Not base64url JSON: refused below like any other malformed answer.
  }
  throw new AppError('PASSKEY_INVALID');
}

/**
 * Spends the challenge an answer signed: deleted in one statement, so it answers once even when
 * two requests race. The answer must come from Soar's origin.
 */
export async function takeChallenge(
  db: Database | Transaction,
  clientDataJSON: string,
  purpose: PasskeyPurpose,
  rp: RelyingParty,
) {
  const data = clientDataOf(clientDataJSON);
  const [row] = await db
    .delete(memberPasskeyChallenges)
    .where(
      and(
        eq(memberPasskeyChallenges.challengeHash, hashToken(data.challenge)),
        eq(memberPasskeyChallenges.purpose, purpose),
        gt(memberPasskeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  if (data.origin !== rp.origin) throw new AppError('PASSKEY_ORIGIN_WRONG');
  return { ...row, challenge: data.challenge };
}

/** The library's refusals, by what they say, as the contract's codes. */
export function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  const code: ErrorCode = /RP ID|origin/i.test(message)
    ? 'PASSKEY_ORIGIN_WRONG'
    : /counter/i.test(message)
      ? 'PASSKEY_COUNTER_REGRESSED'
      : /user verification|could not be verified/i.test(message)
        ? 'PASSKEY_NOT_VERIFIED'
        : 'PASSKEY_INVALID';
  return new AppError(code);
}

export function credentialOf(passkey: Passkey): WebAuthnCredential {
  return {
    id: passkey.credentialId,
    publicKey: isoBase64URL.toBuffer(passkey.publicKey),
    counter: passkey.counter,
    transports: knownTransports(passkey.transports),
  };
}

/** The answer as the library reads it: our contract has checked every field's form already. */
function libraryResponse(response: AuthenticationResponse): AuthenticationResponseJSON {
  return { ...response, clientExtensionResults: response.clientExtensionResults ?? {} };
}

/**
 * Checks a signature by `passkey` over the challenge taken; throws the contract's refusal. The
 * answer names its passkey twice (id and rawId): both must be this one's.
 */
export async function verifyAssertion(
  response: AuthenticationResponse,
  passkey: Passkey,
  expected: { challenge: string; rp: RelyingParty; userVerification: boolean },
): Promise<number> {
  if (response.rawId !== response.id) throw new AppError('PASSKEY_INVALID');
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: libraryResponse(response),
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.rp.origin,
      expectedRPID: expected.rp.id,
      credential: credentialOf(passkey),
      requireUserVerification: expected.userVerification,
    });
    if (!verified) throw new AppError('PASSKEY_INVALID');
    return authenticationInfo.newCounter;
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * Moves the counter on and marks the use; guarded on the counter read, so of two answers racing
 * with one counter value only one passes (`PASSKEY_COUNTER_REGRESSED` for the other).
 */
export async function notePasskeyUse(tx: Transaction, passkey: Passkey, counter: number): Promise<void> {
  const used = await tx
    .update(memberPasskeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(
      and(
        eq(memberPasskeys.id, passkey.id),
        counter === 0 && passkey.counter === 0 ? sql`true` : lt(memberPasskeys.counter, counter),
      ),
    )
    .returning({ id: memberPasskeys.id });
  if (used.length === 0) throw new AppError('PASSKEY_COUNTER_REGRESSED');
}

/** The passkey an answer names, registered here. */
export async function passkeyById(db: Database | Transaction, credentialId: string): Promise<Passkey | undefined> {
  const [row] = await db.select().from(memberPasskeys).where(eq(memberPasskeys.credentialId, credentialId));
  return row;
}
