import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { markets, type TradingSession } from './settings.ts';

/**
 * The instrument universe: stocks (kind `stock`, on one of the `markets`) and indices (kind
 * `index`, with their own timezone and sessions). Seeded from `src/market/data/*.json`.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull().unique(),
    kind: text('kind').$type<'stock' | 'index'>().notNull(),
    marketId: integer('market_id').references(() => markets.id),
    name: text('name').notNull(),
    sector: text('sector'),
    country: text('country'),
    lotSize: integer('lot_size').notNull().default(1),
    currency: text('currency').notNull(),
    timezone: text('timezone').notNull(),
    sessions: jsonb('sessions').$type<TradingSession[]>().notNull(),
    referencePrice: numeric('reference_price', { precision: 24, scale: 8 }).notNull(),
    volatility: numeric('volatility', { precision: 10, scale: 4 }).notNull(),
    averageVolume: bigint('average_volume', { mode: 'number' }).notNull().default(0),
    /** Set while an operator has trading suspended: new orders are refused (docs/admin.md). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendReason: text('suspend_reason'),
    /** Listed by an IPO (docs/ipo.md, Listing): it has no computed history before this. */
    listedAt: timestamp('listed_at', { withTimezone: true }),
  },
  (table) => [index('instruments_kind_market').on(table.kind, table.marketId)],
);

/** OHLCV bars; `time` is the bar's start (a `1d` bar starts at 00:00 UTC of its local trading date). */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: numeric('open', { precision: 24, scale: 8 }).notNull(),
    high: numeric('high', { precision: 24, scale: 8 }).notNull(),
    low: numeric('low', { precision: 24, scale: 8 }).notNull(),
    close: numeric('close', { precision: 24, scale: 8 }).notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.instrumentId, table.interval, table.time] })],
);
