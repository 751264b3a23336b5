import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * RFC 6238 through otplib, with the parameters every authenticator app defaults to: SHA-1, 30 s,
 * 6 digits. One module for operators and members (docs/admin.md, docs/identity.md).
 */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/** A code of the step before or after also counts: phones' clocks drift. */
export const totpWindow = 1;

const parameters = { algorithm: 'sha1', digits: totpDigits, period: totpPeriodSeconds } as const;

/** 160 random bits (base32), the HMAC-SHA-1 key length RFC 4226 recommends. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function timeStep(now: number): number {
  return Math.floor(now / 1000 / totpPeriodSeconds);
}

export function totpAt(secretBase32: string, now: number): string {
  return generateSync({ ...parameters, secret: secretBase32, epoch: Math.floor(now / 1000) });
}

/**
 * The time step `code` belongs to, within the window around `now`, or undefined. Steps up to
 * `lastStep` are refused: a code that was accepted once (or an older one) never opens again.
 * Whatever the input (letters, a NUL byte, a secret otplib refuses), a code that does not match
 * is undefined, never an exception.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  now: number,
  lastStep: number | null,
): number | undefined {
  const epoch = Math.floor(now / 1000);
  // otplib refuses an `afterTimeStep` beyond the window; such a guard refuses every code anyway.
  if (lastStep !== null && lastStep >= timeStep(now) + totpWindow) return undefined;
  try {
    const result = verifySync({
      ...parameters,
      secret: secretBase32,
      token: code,
      epoch,
      epochTolerance: totpWindow * totpPeriodSeconds,
      ...(lastStep !== null && lastStep >= 0 ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // otplib throws on a malformed code or secret: either way, not a code of this secret.
    return undefined;
  }
}

/** The otpauth URI an authenticator app reads from a QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  return generateURI({ ...parameters, issuer, label: account, secret });
}
