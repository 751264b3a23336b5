import type { ChainTransferState, PayoutState, WithdrawalHoldReason } from '@soar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './member.ts';

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A member's money per currency (docs/ledger.md). Only the ledger writes here, inside the same
 * transaction as the journal entry that explains the change. Neither side may go below zero.
 */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.currency] }),
    check('balances_available_not_negative', sql`${table.available} >= 0`),
    check('balances_frozen_not_negative', sql`${table.frozen} >= 0`),
  ],
);

/** One movement of money: its lines sum to zero per currency (docs/ledger.md). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What moved the money: deposit, withdraw_freeze, withdraw_pass, transfer, ... */
    kind: text('kind').notNull(),
    /** The record behind it, `deposit:12`, `withdrawal:7`. */
    reference: text('reference').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('journal_entries_user_idx').on(table.userId),
    // Statements, snapshots and exports read a member's entries by time (docs/product.md, Statements).
    index('journal_entries_user_time_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A line moves `amount` into one account: a member's available or frozen balance (`userId` set)
 * or a platform account (`userId` null). Member lines carry the balance after the line; platform
 * accounts are sums of their lines, so that no hot row serialises every movement.
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** `available`, `frozen`, or `platform:<name>`. */
    account: text('account').notNull(),
    userId: integer('user_id').references(() => users.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_user_idx').on(table.userId, table.id),
  ],
);

/**
 * A money-moving POST's `Idempotency-Key`, per owner (`member:<id>`, `operator:<id>`), stored in
 * the same transaction as the movement with the first answer, which a replay returns.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.key] })],
);

/** Files a member uploaded (deposit proofs, KYC documents), stored under DATA_DIR/uploads. */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/** Where members send money: operator-configured bank accounts and USDT addresses. */
export const depositChannels = pgTable('deposit_channels', {
  id: serial('id').primaryKey(),
  /** Seeds find their own rows by it; null for channels operators add. */
  code: text('code').unique(),
  type: text('type').$type<'bank' | 'crypto'>().notNull(),
  currency: text('currency').notNull(),
  bankName: text('bank_name'),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  branch: text('branch'),
  swift: text('swift'),
  network: text('network').$type<'ERC20' | 'TRC20'>(),
  address: text('address'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** docs/product.md section 4: 0 wait, 1 pass, 2 part (audit amount below the amount), 3 refuse. */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<'bank' | 'crypto'>().notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    auditAmount: money('audit_amount'),
    /** The balance credited: the deposit's own currency unless the `wallet` setting maps it. */
    creditCurrency: text('credit_currency').notNull(),
    convertedAmount: money('converted_amount').notNull(),
    status: integer('status').notNull().default(0),
    network: text('network'),
    txHash: text('tx_hash'),
    proof: text('proof').references(() => uploads.id),
    bankName: text('bank_name'),
    bankBranch: text('bank_branch'),
    account: text('account'),
    bankCode: text('bank_code'),
    remark: text('remark'),
    reviewerId: integer('reviewer_id'),
    /** `chain`: seen by the chain watcher and credited by it, never reviewed by hand (docs/ledger.md, On chain). */
    source: text('source').$type<'manual' | 'chain'>().notNull().default('manual'),
    /** A chain deposit's transfer state and confirmations, as the member sees them. */
    chainState: text('chain_state').$type<ChainTransferState>(),
    confirmations: integer('confirmations'),
    confirmationsNeeded: integer('confirmations_needed'),
    createdAt: createdAt(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (table) => [index('deposits_user_idx').on(table.userId, table.id), index('deposits_status_idx').on(table.status)],
);

/** A member's bound crypto wallets, the only destinations of withdrawals. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    network: text('network').$type<'ERC20' | 'TRC20'>().notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('wallet_addresses_unique').on(table.userId, table.network, table.address)],
);

/**
 * A member's withdrawal safety (docs/ledger.md, Withdrawal holds): the latest hold (its reason,
 * when it began and ends; a trigger during a hold extends `endsAt` and keeps `startedAt`) and
 * the allow-list mode. One row per member, written when a hold starts or the mode changes.
 */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    reason: text('reason').$type<WithdrawalHoldReason>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    allowListOnly: boolean('allow_list_only').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'withdrawal_holds_whole',
      sql`(${table.reason} is null and ${table.startedAt} is null and ${table.endsAt} is null) or (${table.reason} is not null and ${table.startedAt} is not null and ${table.endsAt} > ${table.startedAt})`,
    ),
  ],
);

/** docs/product.md section 4: 0 wait, 1 pass, 2 refuse (the frozen amount returns). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** The wallet as it was when applied: removing the binding later leaves the record whole. */
    walletId: integer('wallet_id').notNull(),
    walletName: text('wallet_name').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /**
     * What reaches the address: the wallet's currency, `amount` times `rate` (fixed at apply).
     * Null on withdrawals made before it was recorded.
     */
    arrivalCurrency: text('arrival_currency'),
    arrivalAmount: money('arrival_amount'),
    rate: numeric('rate', { precision: 24, scale: 12 }),
    status: integer('status').notNull().default(0),
    remark: text('remark'),
    reviewerId: integer('reviewer_id'),
    /** Sent on chain by the signer once passed (docs/ledger.md, On chain); null when paid by hand. */
    payoutState: text('payout_state').$type<PayoutState>(),
    payoutFailure: text('payout_failure').$type<'reverted' | 'dropped'>(),
    /** The transaction that pays it: the latest signed, then the one mined. */
    txHash: text('tx_hash'),
    /** Paid by hand: the transfer hash or bank reference the operator recorded at the pass. */
    payoutReference: text('payout_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The member's withdrawal hold while it waits (docs/ledger.md, Withdrawal holds): no pass
     * before this moment. Set at apply during a hold and moved on when the hold is extended.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: createdAt(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawals_payout_idx').on(table.payoutState),
    index('withdrawals_user_idx').on(table.userId, table.id),
    index('withdrawals_status_idx').on(table.status),
  ],
);
