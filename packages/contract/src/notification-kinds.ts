// The map from notice kind to notification kind lives apart from the zod schemas: the web's
// live notice (loaded beside the first view) reads it, and notification.ts would bring zod along.

/**
 * What a member chooses channels for (docs/api.md, Notifications): each is on for push and in
 * the app and off for email until the member changes it.
 */
export const notificationKinds = [
  'fills',
  'alerts',
  'deposits',
  'withdrawals',
  'kyc',
  'loans',
  'blockOrders',
  'allotments',
  'funds',
  'statements',
  'support',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['push', 'inApp', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Account and security notices (sign-ins, withdrawal holds, balance adjustments): always pushed and shown. */
export const accountNotices = 'account';
export type NoticeGroup = NotificationKind | typeof accountNotices;

/** Notice kinds by name; kinds not here nor under a prefix (announcements) stay in the inbox only. */
export const noticeGroups: Readonly<Record<string, NoticeGroup>> = {
  orderFilled: 'fills',
  positionClosed: 'fills',
  orderExpired: 'fills',
  // Only a block order is refused by a review; a passed one is a fill.
  orderRefused: 'blockOrders',
  depositPassed: 'deposits',
  depositPartial: 'deposits',
  depositRefused: 'deposits',
  withdrawPassed: 'withdrawals',
  withdrawRefused: 'withdrawals',
  withdrawPaid: 'withdrawals',
  withdrawRefunded: 'withdrawals',
  kycPassed: 'kyc',
  kycRefused: 'kyc',
  loanApproved: 'loans',
  loanRefused: 'loans',
  loanOverdue: 'loans',
  loanRepaid: 'loans',
  ipoAllotted: 'allotments',
  ipoNotAllotted: 'allotments',
  ipoReconfirm: 'allotments',
  ipoListed: 'allotments',
  quantBought: 'funds',
  quantMatured: 'funds',
  statementReady: 'statements',
  supportReply: 'support',
  signInNew: accountNotices,
  passkeyAdded: accountNotices,
  adjustmentCredit: accountNotices,
  adjustmentDebit: accountNotices,
};

/** Families of notice kinds by their first letters: every price alert, every withdrawal hold reason. */
export const noticeGroupPrefixes: readonly (readonly [prefix: string, group: NoticeGroup])[] = [
  ['alert', 'alerts'],
  ['withdrawalHold.', accountNotices],
];

/** The notification kind of a notice kind: `account` always goes out, undefined stays in the inbox. */
export function noticeGroupOf(noticeKind: string): NoticeGroup | undefined {
  if (Object.hasOwn(noticeGroups, noticeKind)) return noticeGroups[noticeKind];
  return noticeGroupPrefixes.find(([prefix]) => noticeKind.startsWith(prefix))?.[1];
}
