import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField, memberRef, isoTime as time, uidField } from './fields.ts';
import { decimalString } from './money.ts';
import { cryptoNetwork, depositRecord } from './wallet.ts';
import { adminWithdrawItem } from './wallet-admin.ts';

/** USDT on chain (docs/ledger.md, "On chain"): deposit addresses, the watcher, the signer. */
export const chainErrors = {
  DEPOSIT_ON_CHAIN: 409,
  CHAIN_MEMBER_REQUIRED: 422,
  CHAIN_MEMBER_FIXED: 422,
} as const;

/**
 * A transfer the watcher saw to one of the platform's addresses. `confirming` until it has its
 * confirmations; then `credited` to the address's member, or `held` for an operator (an address
 * of no member, a frozen member, more than one deposit may be); `dropped` when its block left the
 * chain first; `below_minimum` and `other_token` are recorded and never credited; `dismissed` is
 * an operator's decision on a held one.
 */
export const chainTransferStates = {
  confirming: 'confirming',
  credited: 'credited',
  dropped: 'dropped',
  belowMinimum: 'below_minimum',
  otherToken: 'other_token',
  held: 'held',
  dismissed: 'dismissed',
} as const;
export type ChainTransferState = (typeof chainTransferStates)[keyof typeof chainTransferStates];
export const chainTransferState = z.enum(Object.values(chainTransferStates) as [ChainTransferState]);

/** Why a confirmed transfer waits for an operator instead of being credited. */
export const chainHoldReasons = {
  noMember: 'no_member',
  frozenMember: 'frozen_member',
  aboveMaximum: 'above_maximum',
} as const;
export type ChainHoldReason = (typeof chainHoldReasons)[keyof typeof chainHoldReasons];

/**
 * A passed withdrawal sent on chain by the signer: `queued`, `waiting_funds` (more than the hot
 * wallet holds), `sending` (signed, stored and broadcast; its hash is known), `paid` (confirmed),
 * `failed` (reverted or dropped: an operator retries or refunds), `replacing` (a retry of a
 * dropped send with the same nonce), `cancelling` (a refund of a dropped send: the nonce is used
 * up by a cancellation first), `refunded`.
 */
export const payoutStates = {
  queued: 'queued',
  waitingFunds: 'waiting_funds',
  sending: 'sending',
  paid: 'paid',
  failed: 'failed',
  replacing: 'replacing',
  cancelling: 'cancelling',
  refunded: 'refunded',
} as const;
export type PayoutState = (typeof payoutStates)[keyof typeof payoutStates];
export const payoutState = z.enum(Object.values(payoutStates) as [PayoutState]);
export const payoutFailures = { reverted: 'reverted', dropped: 'dropped' } as const;

// The member's deposit address

export const depositAddressQuery = z.object({ network: cryptoNetwork });
export const depositAddress = z.object({
  network: cryptoNetwork,
  address: z
    .string()
    .nullable()
    .describe('the member’s own address; null when the network has none (deposits are reported by hand)'),
  qr: z.string().nullable().describe('the string to render as a QR code'),
  contract: z.string().nullable().describe('the USDT token contract on this network'),
  confirmations: z.number().int().describe('confirmations before a deposit is credited'),
  minimum: decimalString.describe('smaller transfers are recorded and never credited'),
  incoming: z.array(depositRecord).describe('the latest deposits seen on chain to this address, newest first'),
});

const member = { access: 'member' } as const;

export const chainApi = {
  depositAddress: {
    ...member,
    method: 'GET',
    path: '/deposit/address',
    summary: 'My own USDT deposit address on a network (made on the first ask)',
    query: depositAddressQuery,
    response: ok(depositAddress),
  },
} as const satisfies Api;

// The operators' chain page

export const chainNetworkStatus = z.object({
  network: cryptoNetwork,
  watching: z.boolean().describe('a node and token contract are configured'),
  addresses: z.boolean().describe('members get their own deposit addresses (an account key is configured)'),
  contract: z.string().nullable(),
  nodeState: z.enum(['ok', 'down', 'unknown']),
  nodeError: z.string().nullable(),
  failingSince: time.nullable(),
  checkedAt: time.nullable().describe('the last time the node answered'),
  latestBlock: z.number().int().nullable(),
  cursor: z.number().int().nullable().describe('the last block the watcher has read'),
  confirmations: z.number().int(),
  confirming: z.number().int().describe('transfers waiting for their confirmations'),
  held: z.number().int().describe('confirmed transfers waiting for an operator'),
  hotWallet: z.string().nullable().describe('the signer’s address; null when no signer runs for this network'),
  hotBalance: decimalString.nullable().describe('USDT in the hot wallet'),
  hotGas: z.string().nullable().describe('the native coin for fees, in its whole units'),
  payoutsPending: z.number().int().describe('passed withdrawals not yet paid'),
  payoutsPendingAmount: decimalString,
  payoutsFailed: z.number().int(),
});

export const chainTransferQuery = pageQuery.extend({
  network: cryptoNetwork.optional(),
  state: chainTransferState.optional(),
});
export const chainTransferItem = z.object({
  id: z.number().int(),
  network: cryptoNetwork,
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  blockHash: z.string(),
  contract: z.string(),
  usdt: z.boolean().describe('the configured USDT contract; other tokens are never credited'),
  from: z.string(),
  to: z.string(),
  value: z.string().describe('the raw token amount (an integer of the token’s smallest units)'),
  amount: decimalString.nullable().describe('USDT (6 decimals on chain); null for another token'),
  userId: z.number().int().nullable().describe('the member the address belongs to'),
  member: memberRef.nullable(),
  state: chainTransferState,
  holdReason: z.enum(Object.values(chainHoldReasons) as [ChainHoldReason]).nullable(),
  confirmations: z.number().int(),
  depositId: z.number().int().nullable(),
  remark: z.string().nullable(),
  reviewerId: z.number().int().nullable(),
  seenAt: time,
  decidedAt: time.nullable(),
});
export const chainTransferPage = page(chainTransferItem);

export const chainTransferReviewBody = z.object({
  id: idField,
  decision: z.enum(['credit', 'dismiss']),
  uid: uidField.optional().describe('the 8-digit UID of who is credited when the address belongs to no member'),
  remark: z.string().trim().min(1).max(500),
});
export type ChainTransferReviewBody = z.infer<typeof chainTransferReviewBody>;

export const payoutQuery = pageQuery.extend({ network: cryptoNetwork.optional(), state: payoutState.optional() });
export const payoutItem = adminWithdrawItem.extend({
  payoutFailure: z.enum(['reverted', 'dropped']).nullable().describe('why a failed one failed'),
  nonce: z.number().int().nullable(),
  sends: z.number().int().describe('signed transactions of this withdrawal (a retry adds one)'),
  lastSentAt: time.nullable(),
});
export const payoutPage = page(payoutItem);
export const payoutDecisionBody = z.object({
  id: idField.describe('the withdrawal'),
  decision: z.enum(['retry', 'refund']),
  remark: z.string().trim().min(1).max(500),
});
export type PayoutDecisionBody = z.infer<typeof payoutDecisionBody>;

const finance = { access: 'operator', roles: ['finance'] } as const;

export const chainAdminApi = {
  status: {
    ...finance,
    method: 'GET',
    path: '/admin/chain/status',
    summary: 'Each network: node, blocks, cursor, confirmations waiting, hot wallet, payouts',
    response: ok(z.array(chainNetworkStatus)),
  },
  transferList: {
    ...finance,
    method: 'GET',
    path: '/admin/chain/transfer/list',
    summary: 'Transfers seen on chain, newest first, by network and state',
    query: chainTransferQuery,
    response: ok(chainTransferPage),
  },
  transferReview: {
    ...finance,
    method: 'POST',
    path: '/admin/chain/transfer/review',
    summary: 'Credit (to the address’s member or a named one) or dismiss a held transfer',
    idempotent: true,
    body: chainTransferReviewBody,
    response: ok(chainTransferItem),
  },
  payoutList: {
    ...finance,
    method: 'GET',
    path: '/admin/chain/payout/list',
    summary: 'Withdrawals sent on chain, newest first, by network and state',
    query: payoutQuery,
    response: ok(payoutPage),
  },
  payoutDecide: {
    ...finance,
    method: 'POST',
    path: '/admin/chain/payout/decide',
    summary: 'Retry (a dropped send with the same nonce) or refund a failed on-chain withdrawal',
    idempotent: true,
    body: payoutDecisionBody,
    response: ok(payoutItem),
  },
} as const satisfies Api;
