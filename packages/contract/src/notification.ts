import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';
import { type NotificationKind, notificationKinds } from './notification-kinds.ts';

/** Notification settings and mail (docs/api.md, Notifications). */
export const notificationErrors = {
  /** Email chosen for a kind by a member with no mail address. */
  NOTIFICATION_MAIL_MISSING: 422,
  /** Production without UNSUBSCRIBE_SECRET: no notification mail can carry its unsubscribe link. */
  NOTIFICATION_EMAIL_UNAVAILABLE: 503,
  /** An unsubscribe token this server did not sign (forged, cut, or for an unknown member). */
  UNSUBSCRIBE_LINK_INVALID: 422,
} as const;

export const notificationSetting = z.object({
  kind: z.enum(notificationKinds),
  push: z.boolean().describe("pushed to the member's subscribed devices"),
  inApp: z.boolean().describe('popped in the open app (the inbox keeps every notice either way)'),
  email: z.boolean().describe("mailed to the member's address"),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

export const notificationSettings = z.object({
  list: z.array(notificationSetting).describe('every notification kind, in the order the settings page lists them'),
  hasMail: z.boolean().describe('the member has a mail address: email needs one'),
  emailAvailable: z.boolean().describe('this server can send notification mail'),
});

const channels = z.strictObject({
  push: z.boolean().optional(),
  inApp: z.boolean().optional(),
  email: z.boolean().optional(),
});

/** The kinds to change, each with the channels to change: `{ fills: { email: true } }`; others stay. */
export const notificationSettingsBody = z.strictObject(
  Object.fromEntries(notificationKinds.map((kind) => [kind, channels.optional()])) as Record<
    NotificationKind,
    z.ZodOptional<typeof channels>
  >,
);
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

/** An unsubscribe link's signed token: member, kind and an HMAC of the server's secret. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
/** RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click`; the web page posts nothing. */
export const unsubscribeBody = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish();

export const notificationApi = {
  settings: {
    access: 'member',
    method: 'GET',
    path: '/notification/settings',
    summary: 'My channels per notification kind',
    response: ok(notificationSettings),
  },
  settingsSave: {
    access: 'member',
    method: 'POST',
    path: '/notification/settings',
    summary: 'Change channels of some notification kinds (the others stay)',
    body: notificationSettingsBody,
    response: ok(notificationSettings),
  },
  unsubscribe: {
    access: 'public',
    method: 'POST',
    path: '/notification/unsubscribe',
    summary: 'Turn email off for the kind an unsubscribe link names, without a session (RFC 8058 one-click)',
    query: unsubscribeQuery,
    body: unsubscribeBody,
    response: ok(z.object({ kind: z.enum(notificationKinds), email: z.literal(false) })),
  },
} as const satisfies Api;
