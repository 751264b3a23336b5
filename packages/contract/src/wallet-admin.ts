import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
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

export const statusQuery = pageQuery.extend({ status: z.coerce.number().int().min(0).max(3).optional() });
export const adminDepositItem = depositRecord
  .omit({ timezone: true, submitTimeLocal: true, auditTimeLocal: true })
  .extend({
    userId: z.number().int(),
    proof: z.string().nullable(),
    txHash: z.string().nullable(),
    bankName: z.string().nullable(),
    bankBranch: z.string().nullable(),
    account: z.string().nullable(),
    bankCode: z.string().nullable(),
    reviewerId: z.number().int().nullable(),
  });
export const adminDepositPage = page(adminDepositItem);
export const depositReviewBody = z.object({
  id: idField,
  status: z.union([
    z.literal(depositStatuses.pass),
    z.literal(depositStatuses.part),
    z.literal(depositStatuses.refuse),
  ]),
  auditAmount: decimalString.optional(),
  remark: z.string().max(500).optional(),
});
export type DepositReviewBody = z.infer<typeof depositReviewBody>;
export const adminWithdrawItem = withdrawRecord.extend({
  userId: z.number().int(),
  reviewerId: z.number().int().nullable(),
});
export const adminWithdrawPage = page(adminWithdrawItem);
export const withdrawReviewBody = z.object({
  id: idField,
  status: z.union([z.literal(withdrawStatuses.pass), z.literal(withdrawStatuses.refuse)]),
  remark: z.string().max(500).optional(),
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

export const auditQuery = pageQuery.extend({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(40).optional(),
  operatorId: idField.optional(),
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
  operatorId: z.number().int(),
  operatorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
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
    summary: 'Every operator action, newest first, by operator, entity, action and time',
    query: auditQuery,
    response: ok(auditPage),
  },
} as const satisfies Api;
