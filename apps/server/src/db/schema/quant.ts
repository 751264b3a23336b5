import { sql } from 'drizzle-orm';
import {
  check,
  date,
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

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * A quant fund (docs/products.md, Quant funds): sold in its currency from `start_time` to
 * `end_time` and until the end of `last_trade_day` in its market; each order accrues one daily
 * rate drawn from [rate_min, rate_max] at each of `cycle_days` market closes, then pays out.
 */
export const quantFunds = pgTable(
  'quant_funds',
  {
    id: serial('id').primaryKey(),
    /** Seeds find their own rows by it; null for funds operators add. */
    code: text('code').unique(),
    name: text('name').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dailyRateMin: rate('daily_rate_min').notNull(),
    dailyRateMax: rate('daily_rate_max').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    lastTradeDay: localDate('last_trade_day').notNull(),
    /** The earlier of end_time and the end of last_trade_day in the market: no purchase from then on. */
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Set when an operator stops the sale; orders in progress run on. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('quant_funds_cycle_positive', sql`${table.cycleDays} > 0`),
    check(
      'quant_funds_rate_range',
      sql`${table.dailyRateMin} >= 0 and ${table.dailyRateMax} >= ${table.dailyRateMin} and ${table.dailyRateMax} < 1`,
    ),
    check(
      'quant_funds_amount_range',
      sql`${table.minAmount} > 0 and (${table.maxAmount} is null or ${table.maxAmount} >= ${table.minAmount})`,
    ),
    check('quant_funds_window', sql`${table.endTime} > ${table.startTime}`),
    index('quant_funds_market_idx').on(table.market),
  ],
);

/**
 * The daily rate of a fund for one market close, drawn once from its range and published: the
 * same for every holder, and the record the fund's history page shows.
 */
export const quantRates = pgTable(
  'quant_rates',
  {
    fundId: integer('fund_id')
      .notNull()
      .references(() => quantFunds.id),
    /** The market's local date of the close. */
    date: localDate('date').notNull(),
    rate: rate('rate').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.fundId, table.date] })],
);

/** docs/product.md section 4: 0 in progress, 1 ended. Terms are copied from the fund when bought. */
export const quantOrders = pgTable(
  'quant_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fundId: integer('fund_id')
      .notNull()
      .references(() => quantFunds.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dailyRateMin: rate('daily_rate_min').notNull(),
    dailyRateMax: rate('daily_rate_max').notNull(),
    status: integer('status').notNull().default(0),
    /** The local date of the last fund day: accruals are taken up to it, the payout with it. */
    maturesOn: localDate('matures_on').notNull(),
    /** Its market close, shown as the end time. */
    maturesAt: timestamp('matures_at', { withTimezone: true }).notNull(),
    accruedDays: integer('accrued_days').notNull().default(0),
    accruedProfit: money('accrued_profit').notNull().default('0'),
    payout: money('payout'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('quant_orders_amount_positive', sql`${table.amount} > 0`),
    check('quant_orders_status', sql`${table.status} in (0, 1)`),
    check('quant_orders_days', sql`${table.accruedDays} between 0 and ${table.cycleDays}`),
    index('quant_orders_user_idx').on(table.userId, table.id),
    index('quant_orders_fund_status_idx').on(table.fundId, table.status),
  ],
);

/** One order's profit of one fund day; unique per (order, date), so a rerun accrues nothing twice. */
export const quantAccruals = pgTable(
  'quant_accruals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => quantOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    date: localDate('date').notNull(),
    rate: rate('rate').notNull(),
    profit: money('profit').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('quant_accruals_order_date').on(table.orderId, table.date),
    index('quant_accruals_user_idx').on(table.userId, table.id),
  ],
);
