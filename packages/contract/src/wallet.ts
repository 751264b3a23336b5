import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, payPasswordField, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';

/** Failures of the wallet: ledger, uploads, deposits, withdrawals, transfers, reviews. */
export const walletErrors = {
  INSUFFICIENT_BALANCE: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  ALREADY_REVIEWED: 409,
  UPLOAD_MISSING: 400,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_TYPE: 415,
  UPLOAD_UNREADABLE: 422,
  PROOF_NOT_FOUND: 422,
  PROOF_REQUIRED: 422,
  CURRENCY_UNKNOWN: 422,
  SAME_CURRENCY: 422,
  ADDRESS_INVALID: 422,
  ADDRESS_EXISTS: 409,
  WALLET_NOT_FOUND: 404,
  WITHDRAW_BELOW_MINIMUM: 422,
  KYC_REQUIRED: 403,
  AUDIT_AMOUNT_INVALID: 422,
  AMOUNT_TOO_LARGE: 422,
  BALANCE_LIMIT: 422,
  WALLET_CURRENCY: 422,
  DEPOSIT_PENDING_LIMIT: 422,
  ADDRESS_LIMIT: 422,
} as const;

/**
 * Ledger amounts are numeric(24,8): below 10^16. A member balance stays at most `maxBalance`, so
 * any balance valued in any listed currency still fits; one deposit is at most `maxDeposit`
 * (docs/ledger.md, Limits).
 */
export const maxBalance = '10000000000000';
export const maxDeposit = '1000000000000';

/** Waiting records one member may hold (docs/ledger.md, Limits): deposits awaiting review, bound wallets. */
export const maxPendingDeposits = 10;
export const maxWalletAddresses = 20;

/** docs/product.md section 5: amounts have a minimum unit of 1 ('wrong amount', 'Please enter the correct amount'). */
export const wholeAmount = z
  .string({ error: 'validation.amount' })
  .regex(/^\d{1,16}(\.\d{1,8})?$/, { error: 'validation.amount' })
  .refine((value) => /^0*[1-9]\d*(\.0*)?$/.test(value), { error: 'validation.wrongAmount' })
  .describe('a whole number of at least 1, as a decimal string');

/** A deposit: a whole amount up to `maxDeposit`. */
export const depositAmount = wholeAmount.superRefine((value, ctx) => {
  if (Number(value) > Number(maxDeposit)) {
    ctx.addIssue({ code: 'too_big', maximum: Number(maxDeposit), origin: 'number', inclusive: true, input: value });
  }
});

export const cryptoNetworks = ['ERC20', 'TRC20'] as const;
export const cryptoNetwork = z.enum(cryptoNetworks);

/** How a network is written wherever a person reads it, one spelling everywhere: "TRC-20", never "TRC20". */
export const networkLabels: Record<(typeof cryptoNetworks)[number], string> = { ERC20: 'ERC-20', TRC20: 'TRC-20' };
export function networkLabel(network: string | null | undefined): string {
  return networkLabels[network as (typeof cryptoNetworks)[number]] ?? network ?? '';
}
export type CryptoNetwork = z.infer<typeof cryptoNetwork>;
/**
 * What each network carries: a bound wallet receives one of these, whichever balance the
 * withdrawal is paid from (docs/ledger.md, Withdrawals).
 */
export const networkCurrencies = { ERC20: ['USDT'], TRC20: ['USDT'] } as const satisfies Record<
  CryptoNetwork,
  readonly string[]
>;

const required = z.string().trim().min(1).max(200);
/** A currency's code as a member or an operator sends it (checked against the currencies by the server). */
export const currencyCode = z.string().trim().min(1).max(10);

export const uploadAnswer = z.object({ id: z.string() });

// Balances and the journal

export const balanceItem = z.object({
  currency: z.string(),
  available: decimalString,
  frozen: decimalString,
  /** available + frozen in the chosen currency of the total. */
  value: decimalString,
});
export const balanceQuery = z.object({ currency: currencyCode.default('USD') });
export const balanceAnswer = z.object({ list: z.array(balanceItem), currency: z.string(), total: decimalString });

/**
 * Every kind of journal entry a member's lines carry, grouped as the transactions filter offers
 * them (docs/ledger.md, Entries). Each kind the server posts is in one group and has a name in
 * every language (`wallet.txType.<kind>`): a test reads the kinds from the server's code.
 */
export const transactionGroups = {
  deposit: ['deposit'],
  withdraw: ['withdraw_freeze', 'withdraw_pass', 'withdraw_refuse', 'withdraw_refund'],
  transfer: ['transfer'],
  trade: ['trade_freeze', 'trade_refreeze', 'trade_release', 'trade_open', 'trade_close'],
  ipo: ['ipo_subscribe', 'ipo_change', 'ipo_cancel', 'ipo_reconfirm', 'ipo_allot', 'ipo_list'],
  quant: ['quant_buy', 'quant_payout'],
  loan: ['loan_disburse', 'loan_repay'],
  other: ['adjustment', 'demo_funding'],
} as const;
export type TransactionGroup = keyof typeof transactionGroups;
export const transactionGroupList = Object.keys(transactionGroups) as [TransactionGroup, ...TransactionGroup[]];
export const ledgerKinds = Object.values(transactionGroups).flat();

export const transactionQuery = pageQuery.extend({
  type: z.string().max(40).optional().describe('one kind'),
  group: z.enum(transactionGroupList).optional().describe('the kinds of a group: trade, ipo, quant, loan ...'),
  currency: currencyCode.optional(),
});
export const transactionItem = z.object({
  id: z.number().int(),
  type: z.string().describe('what moved the money: deposit, withdraw_freeze, withdraw_pass, transfer ...'),
  account: z.enum(['available', 'frozen']),
  amount: decimalString.describe('signed: negative when money left the balance'),
  currency: z.string(),
  balanceAfter: decimalString,
  reference: z.string(),
  time,
  orderId: z
    .number()
    .int()
    .nullable()
    .describe('the order the money moved for (`order:<id>`, or the order that opened a closed position)'),
  withdrawal: z
    .object({
      id: z.number().int(),
      status: z.number().int().describe('0 wait, 1 pass, 2 refuse'),
      payoutState: z.string().nullable(),
    })
    .nullable()
    .describe(
      "a member's list shows a withdrawal as this ONE line (what left the available balance) with its status now",
    ),
});
export const transactionPage = page(transactionItem);

// Transfers between a member's own currencies

export const transferQuoteQuery = z.object({ from: currencyCode, to: currencyCode, amount: wholeAmount });
export const transferQuote = z.object({
  from: z.string(),
  to: z.string(),
  amount: decimalString,
  rate: decimalString.describe('units of `to` for one unit of `from`'),
  received: decimalString.describe('exactly what arrives: whole minor units of `to`, to the nearest (half up)'),
});
export const transferBody = z.object({
  from: currencyCode,
  to: currencyCode,
  amount: wholeAmount,
  payPassword: payPasswordField.describe('a transfer between currencies is confirmed like a withdrawal'),
});
export const transferAnswer = transferQuote.extend({ entryId: z.number().int() });

// Deposits

export const depositChannel = z.object({
  id: z.number().int(),
  type: z.enum(['bank', 'crypto']),
  currency: z.string(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branch: z.string().nullable(),
  swift: z.string().nullable().describe('SWIFT or bank code'),
  network: cryptoNetwork.nullable(),
  address: z.string().nullable(),
  qr: z.string().nullable().describe('the string to render as a QR code'),
});

export const depositApplyBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bank'),
    currency: currencyCode,
    amount: depositAmount,
    proof: required.describe('an upload id of the member'),
    bankName: required,
    bankBranch: required,
    account: required,
    bankCode: required,
  }),
  z.object({
    type: z.literal('crypto'),
    currency: z.literal('USDT'),
    network: cryptoNetwork,
    amount: depositAmount,
    proof: required.optional(),
    txHash: z.string().trim().min(10).max(100).optional(),
  }),
]);
export type DepositApplyBody = z.infer<typeof depositApplyBody>;

export const depositStatuses = { wait: 0, pass: 1, part: 2, refuse: 3 } as const;

export const depositRecord = z.object({
  id: z.number().int(),
  type: z.enum(['bank', 'crypto']),
  currency: z.string(),
  network: z.string().nullable(),
  amount: decimalString,
  auditAmount: decimalString.nullable(),
  creditCurrency: z.string(),
  convertedAmount: decimalString.describe('what is (or would be) credited, in creditCurrency'),
  status: z.number().int().describe('0 wait, 1 pass, 2 part, 3 refuse'),
  submitTime: time,
  auditTime: time.nullable(),
  timezone: z.string().describe('the client timezone (x-timezone header or ?tz=), else UTC'),
  submitTimeLocal: z.string(),
  auditTimeLocal: z.string().nullable(),
  remark: z.string().nullable(),
  source: z.enum(['manual', 'chain']).describe('chain: seen and credited by the chain watcher, no review'),
  txHash: z.string().nullable(),
  chainState: z
    .string()
    .nullable()
    .describe('a chain deposit: chainTransferStates (confirming, credited, dropped ...)'),
  confirmations: z.number().int().nullable().describe('a chain deposit: confirmations so far'),
  confirmationsNeeded: z.number().int().nullable().describe('a chain deposit: confirmations before it is credited'),
});
export const recordQuery = pageQuery.extend({ tz: z.string().max(64).optional() });
export const depositPage = page(depositRecord);

// Wallet addresses and withdrawals

export const walletAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  network: cryptoNetwork,
  address: z.string(),
  createdAt: time,
});
export const walletAddressBody = z.object({
  name: z.string().trim().min(1).max(40),
  currency: currencyCode,
  network: cryptoNetwork,
  address: z.string().trim().min(1).max(100),
  payPassword: payPasswordField.describe('binding a wallet money can leave to is confirmed like a withdrawal'),
});

export const withdrawCurrencyRule = z.object({
  currency: z.string(),
  minimum: decimalString,
  feeMinimum: decimalString,
  rateToUsd: decimalString.describe('the rate a withdrawal converts at into the wallet currency (their ratio)'),
});
export const withdrawConfig = z.object({
  minimumUsd: decimalString,
  feeRate: decimalString.describe('0.01 is 1%'),
  feeMinimumUsd: decimalString,
  currencies: z.array(withdrawCurrencyRule),
  processingKey: z.string().describe('i18n key of the processing-time text'),
  requiresKyc: z.boolean(),
});
export const withdrawApplyBody = z.object({
  amount: wholeAmount,
  currency: currencyCode,
  walletId: idField,
  payPassword: payPasswordField,
});
export const withdrawStatuses = { wait: 0, pass: 1, refuse: 2 } as const;
export const withdrawRecord = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: decimalString,
  fee: decimalString,
  walletName: z.string(),
  network: z.string(),
  address: z.string(),
  arrivalCurrency: z.string().nullable().describe("the wallet's currency: what reaches the address"),
  arrivalAmount: decimalString.nullable().describe('amount times rate, rounded down to 8 places'),
  rate: decimalString.nullable().describe('units of arrivalCurrency for one unit of currency, fixed at apply'),
  status: z.number().int().describe('0 wait, 1 pass, 2 refuse'),
  submitTime: time,
  auditTime: time.nullable(),
  remark: z.string().nullable(),
  payoutState: z
    .string()
    .nullable()
    .describe(
      'a withdrawal sent on chain by the signer: payoutStates (queued, sending, paid ...); null when paid by hand',
    ),
  txHash: z.string().nullable().describe('the transaction that pays it, once signed'),
  payoutReference: z.string().nullable().describe('paid by hand: the hash or bank reference the operator recorded'),
  heldUntil: time
    .nullable()
    .describe('a withdrawal hold: it cannot be passed before this moment (docs/ledger.md, Withdrawal holds)'),
});
export const withdrawPage = page(withdrawRecord);

const member = { access: 'member' } as const;

/** The member's wallet calls; every one is scoped by the session's user. */
export const walletApi = {
  balance: {
    ...member,
    method: 'GET',
    path: '/wallet/balance',
    summary: 'Balances per currency and their total in one currency',
    query: balanceQuery,
    response: ok(balanceAnswer),
  },
  transactions: {
    ...member,
    method: 'GET',
    path: '/transaction/list',
    summary: 'Journal lines of my balances, newest first',
    query: transactionQuery,
    response: ok(transactionPage),
  },
  transferQuote: {
    ...member,
    method: 'GET',
    path: '/transfer/quote',
    summary: 'What a transfer between two of my currencies would give',
    query: transferQuoteQuery,
    response: ok(transferQuote),
  },
  transferApply: {
    ...member,
    method: 'POST',
    path: '/transfer/apply',
    summary: 'Move money between two of my currencies',
    idempotent: true,
    body: transferBody,
    response: ok(transferAnswer),
  },
  depositChannels: {
    ...member,
    method: 'GET',
    path: '/deposit/channel/list',
    summary: 'Where to send a deposit',
    response: ok(z.array(depositChannel)),
  },
  depositApply: {
    ...member,
    method: 'POST',
    path: '/deposit/apply',
    summary: 'Report a deposit for review',
    idempotent: true,
    body: depositApplyBody,
    response: ok(depositRecord.partial()),
  },
  depositRecords: {
    ...member,
    method: 'GET',
    path: '/deposit/record/list',
    summary: 'My deposits, newest first, with times in my timezone',
    query: recordQuery,
    response: ok(depositPage),
  },
  addresses: {
    ...member,
    method: 'GET',
    path: '/wallet/address/list',
    summary: 'My bound withdrawal wallets',
    response: ok(z.array(walletAddress)),
  },
  addressAdd: {
    ...member,
    method: 'POST',
    path: '/wallet/address/add',
    summary: 'Bind a withdrawal wallet',
    body: walletAddressBody,
    response: ok(walletAddress),
  },
  addressRemove: {
    ...member,
    method: 'POST',
    path: '/wallet/address/remove',
    summary: 'Remove a bound wallet',
    body: idBody,
    response: ok(idBody),
  },
  withdrawConfig: {
    ...member,
    method: 'GET',
    path: '/withdraw/config',
    summary: 'Withdrawal minimums, fee and rules',
    response: ok(withdrawConfig),
  },
  withdrawApply: {
    ...member,
    method: 'POST',
    path: '/withdraw/apply',
    summary: 'Withdraw to a bound wallet (pay password); amount and fee are frozen until review',
    idempotent: true,
    body: withdrawApplyBody,
    response: ok(withdrawRecord),
  },
  withdrawRecords: {
    ...member,
    method: 'GET',
    path: '/withdraw/record/list',
    summary: 'My withdrawals, newest first',
    query: pageQuery,
    response: ok(withdrawPage),
  },
  upload: {
    ...member,
    method: 'POST',
    path: '/upload',
    summary: 'Upload an image (multipart, field `file`): JPEG, PNG or WebP by its bytes, at most 5 MB',
    response: ok(uploadAnswer),
  },
} as const satisfies Api;
