import {
  bigint,
  bigserial,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './member.ts';

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const utcDate = (name: string) => date(name, { mode: 'string' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The figures of a snapshot in each currency held (docs/product.md, Performance). */
export type SnapshotRecord = {
  cash: { currency: string; available: string; frozen: string }[];
  positions: {
    positionId: number;
    symbol: string;
    market: string;
    sector: string | null;
    currency: string;
    direction: 'buy' | 'sell';
    quantity: number;
    openPrice: string;
    close: string | null;
    mark: string | null;
    value: string;
  }[];
  funds: { currency: string; principal: string; profit: string }[];
  ipoEscrow: { currency: string; amount: string }[];
  loans: { currency: string; owed: string }[];
  flows: { currency: string; amount: string }[];
};

/**
 * A member's account at the end of a UTC day (the `portfolio.snapshot` job), keyed by member and
 * date so a rerun writes nothing twice. Totals are in USD at the day's rates.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: utcDate('date').notNull(),
    record: jsonb('record').$type<SnapshotRecord>().notNull(),
    totalAssets: money('total_assets').notNull(),
    liabilities: money('liabilities').notNull(),
    netAssets: money('net_assets').notNull(),
    /** Deposits less withdrawals of the day (docs/product.md, Performance). */
    flows: money('flows').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

/** Each currency's rate of a UTC day as the snapshot job found it: realised P/L converts at it. */
export const currencyRateDays = pgTable(
  'currency_rate_days',
  {
    date: utcDate('date').notNull(),
    currency: text('currency').notNull(),
    rateToUsd: numeric('rate_to_usd', { precision: 24, scale: 12 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.date, table.currency] })],
);

/**
 * The member's choices the month-end statement and the account value follow: the language of
 * their last visit and their reporting currency.
 */
export const portfolioPreferences = pgTable('portfolio_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  language: text('language').notNull(),
  currency: text('currency').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The figures of a monthly statement, computed from the ledger (docs/product.md, Statements). */
export type StatementRecord = {
  month: string;
  from: string;
  to: string;
  uid: string;
  nickname: string;
  balances: { currency: string; opening: string; credits: string; debits: string; closing: string }[];
  activity: { currency: string; kind: string; entries: number; amount: string }[];
  trades: {
    time: string;
    side: 'open' | 'close';
    symbol: string;
    direction: 'buy' | 'sell';
    quantity: number;
    price: string;
    fee: string;
    currency: string;
    realisedPnl: string | null;
  }[];
  transfers: { time: string; kind: string; currency: string; amount: string }[];
  products: { kind: string; currency: string; amount: string }[];
  realised: { currency: string; recorded: string; fifo: string; average: string }[];
  positions: {
    symbol: string;
    direction: 'buy' | 'sell';
    quantity: number;
    openPrice: string;
    close: string | null;
    value: string;
    currency: string;
  }[];
};

/** One statement per member and month (the `portfolio.statement` job, or an operator's regeneration). */
export const statements = pgTable(
  'statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    record: jsonb('record').$type<StatementRecord>().notNull(),
    createdAt: createdAt(),
    regeneratedAt: timestamp('regenerated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('statements_user_month').on(table.userId, table.month),
    index('statements_user_idx').on(table.userId, table.id),
  ],
);

/** A statement rendered as a PDF in one language, kept once made. */
export const statementFiles = pgTable(
  'statement_files',
  {
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => statements.id),
    language: text('language').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.language] })],
);
