import { createHmac, timingSafeEqual } from 'node:crypto';
import { maxId, type NotificationKind, notificationKinds } from '@soar/contract';

/**
 * An unsubscribe link's token, `<member id>.<kind>.<HMAC-SHA256>` (base64url): it names what it
 * turns off, and only a holder of the server's secret can make one. It does not expire: a mail
 * read a year later must still let its reader stop the next one.
 */
export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind).toString('base64url')}`;
}

/** The member and kind of a token this server signed, or undefined. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | undefined {
  const match = /^(\d{1,10})\.([A-Za-z]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id = '', kind = '', signature = ''] = match;
  const userId = Number(id);
  if (userId < 1 || userId > maxId || !(notificationKinds as readonly string[]).includes(kind)) return undefined;
  const expected = mac(secret, userId, kind as NotificationKind);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, kind: kind as NotificationKind }
    : undefined;
}

function mac(secret: string, userId: number, kind: NotificationKind): Buffer {
  return createHmac('sha256', secret).update(`soar unsubscribe\n${userId}\n${kind}`).digest();
}
