import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';

/** Web Push (docs/api.md, Push): a device's browser subscription, per member session. */
export const pushErrors = {
  /** This server has no VAPID keys (production without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY). */
  PUSH_UNAVAILABLE: 503,
  /** The endpoint is not https on a public host, and its origin is not in PUSH_ENDPOINT_ALLOWLIST. */
  PUSH_ENDPOINT_REFUSED: 422,
} as const;

/** A browser's push endpoint: an absolute URL the push service gave it. */
const endpoint = z
  .string({ error: 'validation.url' })
  .min(1, { error: 'validation.url' })
  .max(2000, { error: 'validation.tooLong' })
  .url({ error: 'validation.url' });

/** RFC 8291 keys, base64url: the browser's P-256 public key and its 16-byte auth secret. */
const base64url = (min: number, max: number) =>
  z
    .string({ error: 'validation.pushKey' })
    .min(min, { error: 'validation.pushKey' })
    .max(max, { error: 'validation.pushKey' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'validation.pushKey' });

/** `PushSubscription.toJSON()` as a browser gives it. */
export const pushSubscribeBody = z.strictObject({
  endpoint,
  /** When the push service ends it (ms since the epoch), or null; not stored. */
  expirationTime: z.number().nonnegative().max(8.64e15).nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(86, 88), auth: base64url(22, 24) }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.strictObject({ endpoint });

export const pushKey = z.object({
  publicKey: z.string().describe('the VAPID public key, base64url: applicationServerKey'),
});

export const pushApi = {
  key: {
    access: 'public',
    method: 'GET',
    path: '/push/key',
    summary: "The server's VAPID public key, for PushManager.subscribe",
    response: ok(pushKey),
  },
  subscribe: {
    access: 'member',
    method: 'POST',
    path: '/push/subscribe',
    summary: "Deliver this session's notices to a browser's push subscription",
    body: pushSubscribeBody,
    response: ok(z.object({ subscribed: z.literal(true) })),
  },
  unsubscribe: {
    access: 'member',
    method: 'POST',
    path: '/push/unsubscribe',
    summary: 'Stop push to an endpoint of mine (answers the same when there was none)',
    body: pushUnsubscribeBody,
    response: ok(z.object({ subscribed: z.literal(false) })),
  },
} as const satisfies Api;
