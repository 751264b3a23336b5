import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField, isoTime as time, uidField } from './fields.ts';
import { balance, loginAttempt } from './member.ts';
import { decimalString } from './money.ts';
import { position, positionStatuses, positionStatusList } from './trade.ts';
import { transactionItem } from './wallet.ts';
import { adminDepositItem, adminWithdrawItem } from './wallet-admin.ts';

/** Failures of the operators' member and balance calls. */
export const memberAdminErrors = {
  ACCOUNT_FROZEN: 403,
  WITHDRAW_FROZEN: 403,
  MEMBER_NOT_FOUND: 404,
  ADJUSTMENT_OWN: 403,
  MEMBER_SESSION_NOT_FOUND: 404,
} as const;

// Members as operators see them (unmasked)

export const memberDetailQuery = z.object({ uid: uidField });
export const memberSearchQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional().describe('uid, mail, phone or nickname (part of it)'),
});
export const adminMemberItem = z.object({
  id: z.number().int(),
  uid: z.string(),
  nickname: z.string(),
  mail: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  kycStatus: z.number().int().nullable().describe('null none, 0 under review, 1 pass, 2 refused'),
  vipLevel: z.number().int(),
  loginFrozen: z.boolean(),
  withdrawFrozen: z.boolean(),
  createdAt: time,
});
export const adminMemberSession = z.object({
  id: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: time,
  lastSeenAt: time,
});
/** The latest freeze or unfreeze of one kind, as the audit log recorded it. */
export const memberFreezeEvent = z.object({
  frozen: z.boolean(),
  reason: z.string().nullable().describe('null on changes made before reasons were asked for'),
  operatorName: z.string(),
  time,
});
/** The member's second factors (docs/admin.md, Members): whether two-step sign-in is on, since and last used; passkeys. */
export const memberSecondFactors = z.object({
  totp: z.boolean(),
  totpEnabledAt: time.nullable(),
  totpLastUsedAt: time.nullable().describe('the start of the 30 s step of the last code accepted'),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int().describe('passkeys the member added (docs/identity.md, Passkeys)'),
  passkeyLastUsedAt: time.nullable().describe('the last sign-in or second step with any of them'),
});
/** A member with what an operator needs beside a review: balances, KYC, recent money. */
export const adminMemberDetail = adminMemberItem.extend({
  freezes: z.object({ login: memberFreezeEvent.nullable(), withdraw: memberFreezeEvent.nullable() }),
  secondFactors: memberSecondFactors,
  inviteCode: z.string(),
  balances: z.array(balance),
  deposits: z.array(adminDepositItem).describe('the five latest'),
  withdrawals: z.array(adminWithdrawItem).describe('the five latest'),
  sessions: z.array(adminMemberSession).describe('live sessions, newest first'),
  attempts: z.array(loginAttempt).describe('the ten latest login attempts'),
});
export const memberLedgerQuery = pageQuery.extend({
  id: idField,
  currency: z.string().trim().max(10).optional(),
  account: z.enum(['available', 'frozen']).optional().describe('the balance bucket the line moved'),
});
export const memberPositionQuery = pageQuery.extend({
  id: idField,
  status: z.enum(positionStatusList).default(positionStatuses.open),
});
export const memberSessionQuery = pageQuery.extend({ id: idField });
/** Every session the member opened, live or ended, with why it is no longer live. */
export const adminMemberSessionItem = adminMemberSession.extend({
  expiresAt: time,
  revokedAt: time.nullable().describe('signed out, revoked by the member or an operator, or ended by a freeze'),
  live: z.boolean(),
});
export const memberTimelineQuery = pageQuery.extend({ uid: uidField });
export const memberTimelineKinds = ['review', 'freeze', 'unfreeze', 'adjustment', 'signIn', 'audit'] as const;
/**
 * One thing that happened to or for a member: an audit entry about them (a review of one of their
 * records, a freeze, an adjustment, anything else) or a sign-in (a session they opened).
 */
export const memberTimelineItem = z.object({
  key: z.string().describe('`audit:<id>` or `session:<id>`'),
  time,
  kind: z.enum(memberTimelineKinds),
  action: z.string().nullable().describe('the audit action (`deposit.review`); null on a sign-in'),
  operatorName: z.string().nullable().describe('who did it; null on a sign-in'),
  record: z.object({ entity: z.string(), id: z.string() }).nullable().describe('the record the entry is on'),
  outcome: z.enum(['passed', 'partial', 'refused']).nullable().describe('the decision of a review'),
  flags: z.array(z.enum(['login', 'withdraw'])).describe('what a freeze or unfreeze changed'),
  amount: decimalString.nullable().describe('negative on a debit'),
  currency: z.string().nullable(),
  note: z.string().nullable().describe('the reason or remark recorded'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const memberSessionRevokeBody = z.strictObject({ id: idField, sessionId: idField });
/** Support turns a member's two-step sign-in off after checking who they are; the check is the reason. */
export const totpResetBody = z.strictObject({ id: idField, reason: z.string().trim().min(1).max(500) });
export const vipLevelBody = z.object({ id: idField, vipLevel: z.number().int().min(0).max(10) });
/** Every freeze and unfreeze says why (docs/admin.md, Members); the reason goes to the audit log. */
export const freezeBody = z
  .object({
    id: idField,
    login: z.boolean().optional(),
    withdraw: z.boolean().optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .refine((value) => value.login !== undefined || value.withdraw !== undefined, {
    error: 'validation.required',
    path: ['login'],
  });

// Manual balance adjustments (maker-checker)

export const adjustmentStatuses = { pending: 0, approved: 1, rejected: 2 } as const;
export const adjustmentDirections = ['credit', 'debit'] as const;

/** Positive, at most 16 digits before and 8 after the point. */
export const positiveAmount = decimalString.refine((value) => /[1-9]/.test(value) && !value.startsWith('-'), {
  error: 'validation.amount',
});

export const adjustmentCreateBody = z.object({
  uid: uidField.describe('the member’s 8-digit UID'),
  currency: z.string().trim().min(1).max(10),
  direction: z.enum(adjustmentDirections),
  amount: positiveAmount,
  reason: z.string().trim().min(3).max(500),
});
export const adjustmentItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  uid: z.string(),
  currency: z.string(),
  direction: z.enum(adjustmentDirections),
  amount: decimalString,
  reason: z.string(),
  status: z.number().int().describe('0 pending, 1 approved, 2 rejected'),
  makerId: z.number().int(),
  makerName: z.string(),
  checkerId: z.number().int().nullable(),
  checkerName: z.string().nullable(),
  remark: z.string().nullable(),
  entryId: z.number().int().nullable().describe('the ledger entry of an approved adjustment'),
  createdAt: time,
  decidedAt: time.nullable(),
});
export const adjustmentQuery = pageQuery.extend({
  status: z.coerce.number().int().min(0).max(2).optional(),
  uid: uidField.optional().describe('the member’s 8-digit UID'),
});
export const adjustmentDecisionBody = z.object({ id: idField, remark: z.string().trim().max(500).optional() });

const readers = { access: 'operator', roles: ['finance', 'compliance', 'support'] } as const;
const compliance = { access: 'operator', roles: ['compliance'] } as const;
const finance = { access: 'operator', roles: ['finance'] } as const;

/** Members for operators: search, detail, ledger, VIP, freezes. */
export const memberAdminApi = {
  list: {
    ...readers,
    method: 'GET',
    path: '/admin/user/list',
    summary: 'Members, newest first; q searches uid, mail, phone and nickname',
    query: memberSearchQuery,
    response: ok(page(adminMemberItem)),
  },
  detail: {
    // Trading reads it for the member context beside the block orders it decides (docs/admin.md).
    access: 'operator',
    roles: [...readers.roles, 'trading'],
    method: 'GET',
    path: '/admin/user/detail',
    summary: 'A member, by UID, with balances, KYC, recent deposits and withdrawals, sessions and logins',
    query: memberDetailQuery,
    response: ok(adminMemberDetail),
  },
  timeline: {
    ...readers,
    method: 'GET',
    path: '/admin/user/timeline',
    summary: 'What happened to or for a member, newest first: audit entries about them and their sign-ins',
    query: memberTimelineQuery,
    response: ok(page(memberTimelineItem)),
  },
  ledger: {
    access: 'operator',
    roles: ['finance', 'compliance'],
    method: 'GET',
    path: '/admin/user/ledger',
    summary: 'A member’s journal lines, newest first',
    query: memberLedgerQuery,
    response: ok(page(transactionItem)),
  },
  positions: {
    access: 'operator',
    roles: ['finance', 'compliance', 'support', 'trading'],
    method: 'GET',
    path: '/admin/user/positions',
    summary: 'A member’s open positions (floating P/L) or closed ones (realised P/L), newest first',
    query: memberPositionQuery,
    response: ok(page(position)),
  },
  sessions: {
    ...readers,
    method: 'GET',
    path: '/admin/user/sessions',
    summary: 'Every session of a member, live or ended, newest first',
    query: memberSessionQuery,
    response: ok(page(adminMemberSessionItem)),
  },
  sessionRevoke: {
    ...compliance,
    method: 'POST',
    path: '/admin/user/session/revoke',
    summary: 'End one live session of a member: its sockets are signed out at once',
    body: memberSessionRevokeBody,
    response: ok(adminMemberSessionItem),
  },
  vip: {
    ...compliance,
    method: 'POST',
    path: '/admin/user/vip',
    summary: 'Set a member’s VIP level (0 none)',
    body: vipLevelBody,
    response: ok(adminMemberItem),
  },
  totpReset: {
    access: 'operator',
    roles: ['support', 'compliance'],
    method: 'POST',
    path: '/admin/user/totp/reset',
    summary: 'Turn a member’s two-step sign-in off after an identity check (audited; starts a withdrawal hold)',
    body: totpResetBody,
    response: ok(adminMemberItem),
  },
  freeze: {
    ...compliance,
    method: 'POST',
    path: '/admin/user/freeze',
    summary: 'Freeze or unfreeze a member’s login (live sessions end) or withdrawals',
    body: freezeBody,
    response: ok(adminMemberItem),
  },
} as const satisfies Api;

/** A manual balance adjustment takes effect only when a second operator approves it. */
export const adjustmentApi = {
  list: {
    ...finance,
    method: 'GET',
    path: '/admin/adjustment/list',
    summary: 'Manual balance adjustments, newest first',
    query: adjustmentQuery,
    response: ok(page(adjustmentItem)),
  },
  create: {
    ...finance,
    method: 'POST',
    path: '/admin/adjustment/create',
    summary: 'Propose a credit or debit with a reason; nothing moves until another operator approves',
    body: adjustmentCreateBody,
    response: ok(adjustmentItem),
  },
  approve: {
    ...finance,
    method: 'POST',
    path: '/admin/adjustment/approve',
    summary: 'Approve another operator’s adjustment: the money moves (ledger kind adjustment)',
    idempotent: true,
    body: adjustmentDecisionBody,
    response: ok(adjustmentItem),
  },
  reject: {
    ...finance,
    method: 'POST',
    path: '/admin/adjustment/reject',
    summary: 'Reject (or, as its maker, withdraw) a pending adjustment',
    body: adjustmentDecisionBody,
    response: ok(adjustmentItem),
  },
} as const satisfies Api;
