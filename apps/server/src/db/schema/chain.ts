import type { ChainHoldReason, ChainTransferState, CryptoNetwork } from '@soar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './member.ts';
import { deposits, withdrawals } from './wallet.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A raw token amount: any uint256. */
const tokenUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * A member's own USDT deposit address on a network: child 0/`index` of the network's account key
 * (docs/ledger.md, On chain). Rows are never deleted, so an index is never given twice.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').$type<CryptoNetwork>().notNull(),
    index: integer('index').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_member').on(table.userId, table.network),
    uniqueIndex('deposit_addresses_index').on(table.network, table.index),
    uniqueIndex('deposit_addresses_address').on(table.network, table.address),
    check('deposit_addresses_index_range', sql`${table.index} >= 0`),
  ],
);

/**
 * What the engine node knows of each network: the watcher's cursor and the node's health, the
 * signer's hot wallet and its balances. One row per network, written by the watcher and signer.
 */
export const chainNetworks = pgTable('chain_networks', {
  network: text('network').$type<CryptoNetwork>().primaryKey(),
  /** The last block the watcher has read. */
  cursor: bigint('cursor', { mode: 'number' }),
  latestBlock: bigint('latest_block', { mode: 'number' }),
  nodeState: text('node_state').$type<'ok' | 'down' | 'unknown'>().notNull().default('unknown'),
  nodeError: text('node_error'),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** The signer's address; null when no signer runs for the network. */
  hotWallet: text('hot_wallet'),
  hotBalance: numeric('hot_balance', { precision: 40, scale: 8 }),
  /** The native coin (ETH, TRX) the hot wallet pays fees with, in whole units. */
  hotGas: numeric('hot_gas', { precision: 40, scale: 18 }),
  updatedAt: updatedAt(),
});

/**
 * A token transfer to one of the platform's addresses, recorded once by its identity (network,
 * transaction, log index) with the block it was seen in (docs/ledger.md, On chain).
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: serial('id').primaryKey(),
    network: text('network').$type<CryptoNetwork>().notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    contract: text('contract').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    value: tokenUnits('value').notNull(),
    /** USDT (the configured contract) in whole units; null for another token. */
    amount: numeric('amount', { precision: 80, scale: 8 }),
    userId: integer('user_id').references(() => users.id),
    state: text('state').$type<ChainTransferState>().notNull(),
    holdReason: text('hold_reason').$type<ChainHoldReason>(),
    confirmations: integer('confirmations').notNull().default(0),
    depositId: integer('deposit_id').references(() => deposits.id),
    remark: text('remark'),
    reviewerId: integer('reviewer_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('chain_transfers_identity').on(table.network, table.txHash, table.logIndex),
    uniqueIndex('chain_transfers_deposit').on(table.depositId),
    index('chain_transfers_state').on(table.network, table.state),
  ],
);

/**
 * Every transaction the signer signed for a withdrawal, stored with its hash before it is
 * broadcast (docs/ledger.md, On chain): a restart broadcasts it again instead of signing anew.
 * A retry of a dropped send and a cancellation reuse its nonce.
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    network: text('network').$type<CryptoNetwork>().notNull(),
    kind: text('kind').$type<'transfer' | 'cancel'>().notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chain_sends_hash').on(table.network, table.txHash),
    index('chain_sends_withdrawal').on(table.withdrawalId),
  ],
);

/** The next nonce of a hot wallet: the database, not the node, hands nonces out. */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    network: text('network').$type<CryptoNetwork>().notNull(),
    address: text('address').notNull(),
    next: bigint('next', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.address] })],
);
