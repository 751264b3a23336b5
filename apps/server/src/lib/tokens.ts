import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the bearer token handed to the client once. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** docs/architecture.md (Accounts and sessions): member sessions last 30 days from their last use, operator sessions 12 hours. */
export const memberSessionTtlMs = 30 * 24 * 60 * 60 * 1000;
export const operatorSessionTtlMs = 12 * 60 * 60 * 1000;
/** `lastSeenAt` (and with it the member expiry) is written at most this often per session. */
export const lastSeenIntervalMs = 60 * 1000;
