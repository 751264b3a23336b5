import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { blocktradeOffers } from './blocktrade.ts';
import { users } from './member.ts';

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** docs/trading.md, Fees: one row per market, seeded, edited by operators. */
export const tradeFeeSchedules = pgTable(
  'trade_fee_schedules',
  {
    market: text('market').primaryKey(),
    currency: text('currency').notNull(),
    /** Commission as a fraction of the notional. */
    rate: rate('rate').notNull(),
    /** Minimum commission per fill. */
    minimum: money('minimum').notNull(),
    /** Per order, on top of the commission. */
    platformFee: money('platform_fee').notNull(),
    /** `[{level, discount}]`: the fraction off the commission per VIP level. */
    vipDiscounts: jsonb('vip_discounts').$type<{ level: number; discount: string }[]>().notNull().default([]),
    /** A short is stopped out when its loss reaches this share of its collateral. */
    stopOutRatio: rate('stop_out_ratio').notNull().default('0.9'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('trade_fee_rate_range', sql`${table.rate} >= 0 and ${table.rate} < 1`),
    check('trade_fee_amounts', sql`${table.minimum} >= 0 and ${table.platformFee} >= 0`),
    check('trade_fee_stop_out', sql`${table.stopOutRatio} > 0 and ${table.stopOutRatio} <= 1`),
  ],
);

export type FillReasonRecord = { key: string; params: Record<string, string> };

/** docs/trading.md, Orders. Statuses and types are the contract's constants. */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    type: text('type').notNull(),
    direction: text('direction').notNull(),
    quantity: integer('quantity').notNull(),
    limitPrice: money('limit_price'),
    stopPrice: money('stop_price'),
    trailAmount: money('trail_amount'),
    trailPercent: numeric('trail_percent', { precision: 8, scale: 4 }),
    /** A trailing stop: the best price seen since it was placed. */
    trailBest: money('trail_best'),
    /** A stop-limit whose stop has triggered: it now waits as a limit. */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    timeInForce: text('time_in_force').notNull(),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    status: text('status').notNull(),
    waitingFor: text('waiting_for'),
    block: boolean('block').notNull().default(false),
    /** An order from a block offer (docs/blocktrade.md): it fills at its `limit_price`, the block price. */
    blockOfferId: integer('block_offer_id').references(() => blocktradeOffers.id),
    /** Funds frozen while pending. */
    frozen: money('frozen').notNull().default('0'),
    fillPrice: money('fill_price'),
    fee: money('fee'),
    fillReason: jsonb('fill_reason').$type<FillReasonRecord>(),
    refuseReason: text('refuse_reason'),
    positionId: integer('position_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    check('trade_orders_quantity_positive', sql`${table.quantity} > 0`),
    check('trade_orders_frozen_not_negative', sql`${table.frozen} >= 0`),
    index('trade_orders_user_status').on(table.userId, table.status, table.id),
    index('trade_orders_pending').on(table.status, table.symbol),
    index('trade_orders_block_offer').on(table.blockOfferId, table.status),
  ],
);

/** docs/trading.md, Positions: fully cash-backed, closed in parts. */
export const tradePositions = pgTable(
  'trade_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').notNull(),
    symbol: text('symbol').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    lotSize: integer('lot_size').notNull(),
    quantity: integer('quantity').notNull(),
    openedQuantity: integer('opened_quantity').notNull(),
    openPrice: money('open_price').notNull(),
    openFee: money('open_fee').notNull(),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    status: text('status').notNull(),
    closeReason: text('close_reason'),
    realisedPnl: money('realised_pnl').notNull().default('0'),
    closedQuantity: integer('closed_quantity').notNull().default(0),
    openedAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check('trade_positions_quantity', sql`${table.quantity} >= 0 and ${table.quantity} <= ${table.openedQuantity}`),
    index('trade_positions_user_status').on(table.userId, table.status, table.id),
    index('trade_positions_open').on(table.status, table.symbol),
    // A member's openings in time order: cost basis and exports read them in keyset batches.
    index('trade_positions_user_opened').on(table.userId, table.openedAt, table.id),
  ],
);

/** One close (all or a part) of a position. */
export const tradeCloses = pgTable(
  'trade_closes',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => tradePositions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    closePrice: money('close_price').notNull(),
    fee: money('fee').notNull(),
    openFee: money('open_fee').notNull(),
    realisedPnl: money('realised_pnl').notNull(),
    proceeds: money('proceeds').notNull(),
    reason: text('reason').notNull(),
    fillReason: jsonb('fill_reason').$type<FillReasonRecord>().notNull(),
    closedAt: createdAt(),
  },
  (table) => [
    check('trade_closes_quantity_positive', sql`${table.quantity} > 0`),
    index('trade_closes_user').on(table.userId, table.id),
    index('trade_closes_user_time').on(table.userId, table.closedAt, table.id),
    index('trade_closes_position').on(table.positionId),
  ],
);
