import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, memberRef, isoTime as time, uidField } from './fields.ts';
import { decimalString } from './money.ts';
import { queueQuery, queueState } from './review-queue.ts';
import {
  cryptoNetwork,
  currencyCode,
  depositChannel,
  depositRecord,
  depositStatuses,
  withdrawRecord,
  withdrawStatuses,
} from './wallet.ts';

// The wallet's operator calls: review queues, deposit channels, the audit log.

export const statusQuery = queueQuery({ status: z.coerce.number().int().min(0).max(3).optional() });
export const adminDepositItem = depositRecord
  .omit({ timezone: true, submitTimeLocal: true, auditTimeLocal: true })
  .extend({
    userId: z.number().int(),
    member: memberRef,
    proof: z.string().nullable(),
    txHash: z.string().nullable(),
    bankName: z.string().nullable(),
    bankBranch: z.string().nullable(),
    account: z.string().nullable(),
    bankCode: z.string().nullable(),
    reviewerId: z.number().int().nullable(),
    ...queueState,
  });
export const adminDepositPage = page(adminDepositItem);
/** A refusal says why: the member reads the remark on their deposit record (docs/admin.md). */
export const depositReviewBody = z
  .object({
    id: idField,
    status: z.union([
      z.literal(depositStatuses.pass),
      z.literal(depositStatuses.part),
      z.literal(depositStatuses.refuse),
    ]),
    auditAmount: decimalString.optional(),
    remark: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.status !== depositStatuses.refuse || Boolean(body.remark), {
    error: 'validation.required',
    path: ['remark'],
  });
export type DepositReviewBody = z.infer<typeof depositReviewBody>;
export const adminWithdrawItem = withdrawRecord.extend({
  userId: z.number().int(),
  member: memberRef,
  reviewerId: z.number().int().nullable(),
  ...queueState,
});
export const adminWithdrawPage = page(adminWithdrawItem);
/** A refusal says why: the member reads the remark on their withdrawal record (docs/admin.md). */
export const withdrawReviewBody = z
  .object({
    id: idField,
    status: z.union([z.literal(withdrawStatuses.pass), z.literal(withdrawStatuses.refuse)]),
    remark: z.string().trim().max(500).optional(),
    payoutReference: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'required to pass one paid by hand (not by the chain signer): the hash or bank reference of the payout',
      ),
  })
  .refine((body) => body.status !== withdrawStatuses.refuse || Boolean(body.remark), {
    error: 'validation.required',
    path: ['remark'],
  });
export type WithdrawReviewBody = z.infer<typeof withdrawReviewBody>;

const optionalText = z.string().trim().max(200).nullable().optional();
export const depositChannelBody = z.object({
  type: z.enum(['bank', 'crypto']),
  currency: currencyCode,
  bankName: optionalText,
  accountName: optionalText,
  accountNumber: optionalText,
  branch: optionalText,
  swift: optionalText,
  network: cryptoNetwork.nullable().optional(),
  address: optionalText,
  sort: z.number().int().min(-1000).max(1000).optional(),
  enabled: z.boolean().optional(),
});
export const depositChannelUpdateBody = depositChannelBody
  .partial()
  .extend({ id: idField })
  .refine((body) => Object.keys(body).some((key) => key !== 'id'), { error: 'validation.nothingToChange' });
export const adminDepositChannel = depositChannel.extend({ sort: z.number().int(), enabled: z.boolean() });

/**
 * Every kind of record the audit log holds (`recordAudit` accepts only these), so the back
 * office's entity filter and its labels cover them all.
 */
export const auditEntities = [
  'adjustment',
  'announcement',
  'app_setting',
  'banner',
  'blocktrade_offer',
  'chain_transfer',
  'deposit',
  'deposit_channel',
  'instrument',
  'ipo_offer',
  'ipo_subscription',
  'kyc',
  'loan',
  'loan_product',
  'member',
  'news',
  'operator',
  'order',
  'quant_fund',
  'setting',
  'statement',
  'support_conversation',
  'trade_fee_schedule',
  'withdrawal',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditQuery = pageQuery.extend({
  entity: z.enum(auditEntities).optional(),
  entityId: z.string().max(40).optional(),
  operatorId: idField.optional(),
  operator: z.string().trim().min(1).max(64).optional().describe('an operator’s username (any case)'),
  uid: uidField.optional().describe('a member’s 8-digit UID: entries on the member and on their records'),
  action: z
    .string()
    .max(60)
    .optional()
    .describe('an action, or its prefix before the dot: deposit, adjustment.approve'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const auditItem = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable().describe('null on a failed sign-in under an unknown username'),
  operatorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  memberUid: z.string().nullable().describe('the member the entry concerns: the member, or the owner of the record'),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  time,
});
export const auditPage = page(auditItem);

const finance = { access: 'operator', roles: ['finance'] } as const;

/** Operator calls of the wallet: review queues, deposit channels, the audit log. */
export const walletAdminApi = {
  depositList: {
    ...finance,
    method: 'GET',
    path: '/admin/deposit/list',
    summary: 'Deposits, newest first, by status',
    query: statusQuery,
    response: ok(adminDepositPage),
  },
  depositReview: {
    ...finance,
    method: 'POST',
    path: '/admin/deposit/review',
    summary: 'Pass, part-pass (audit amount) or refuse a waiting deposit',
    idempotent: true,
    body: depositReviewBody,
    response: ok(adminDepositItem),
  },
  withdrawList: {
    ...finance,
    method: 'GET',
    path: '/admin/withdraw/list',
    summary: 'Withdrawals, newest first, by status',
    query: statusQuery,
    response: ok(adminWithdrawPage),
  },
  withdrawReview: {
    ...finance,
    method: 'POST',
    path: '/admin/withdraw/review',
    summary: 'Pass or refuse a waiting withdrawal (a refusal returns the frozen funds)',
    idempotent: true,
    body: withdrawReviewBody,
    response: ok(adminWithdrawItem),
  },
  depositChannelList: {
    ...finance,
    method: 'GET',
    path: '/admin/deposit-channel/list',
    summary: 'Deposit channels, enabled or not',
    response: ok(z.array(adminDepositChannel)),
  },
  depositChannelCreate: {
    ...finance,
    method: 'POST',
    path: '/admin/deposit-channel/create',
    summary: 'Add a deposit channel',
    body: depositChannelBody,
    response: ok(adminDepositChannel),
  },
  depositChannelUpdate: {
    ...finance,
    method: 'POST',
    path: '/admin/deposit-channel/update',
    summary: 'Change a deposit channel',
    body: depositChannelUpdateBody,
    response: ok(adminDepositChannel),
  },
  depositChannelDelete: {
    ...finance,
    method: 'POST',
    path: '/admin/deposit-channel/delete',
    summary: 'Remove a deposit channel',
    body: idBody,
    response: ok(idBody),
  },
  auditList: {
    access: 'operator',
    roles: ['compliance'],
    method: 'GET',
    path: '/admin/audit/list',
    summary: 'Every operator action and sign-in, newest first, by operator, member UID, entity, action and time',
    query: auditQuery,
    response: ok(auditPage),
  },
} as const satisfies Api;
