import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A block offer (docs/blocktrade.md): shares of a listed stock sold in blocks of `min_quantity`
 * (10,000 or more) up to `max_quantity` in all, at a fixed `price` or at `discount` below the last
 * price, from `opens_at` to `closes_at` (or `closed_at`, an operator's early close). Orders are
 * trade orders with the block flag and `trade_orders.block_offer_id`.
 */
export const blocktradeOffers = pgTable(
  'blocktrade_offers',
  {
    id: serial('id').primaryKey(),
    /** Seeds find their own rows by it; null for offers operators add. */
    code: text('code').unique(),
    symbol: text('symbol').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    price: numeric('price', { precision: 24, scale: 8 }),
    discount: numeric('discount', { precision: 12, scale: 8 }),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'blocktrade_offers_price_or_discount',
      sql`(${table.price} is null) <> (${table.discount} is null) and (${table.price} is null or ${table.price} > 0) and (${table.discount} is null or (${table.discount} > 0 and ${table.discount} < 1))`,
    ),
    check(
      'blocktrade_offers_quantities',
      sql`${table.minQuantity} >= 10000 and ${table.maxQuantity} >= ${table.minQuantity}`,
    ),
    check('blocktrade_offers_window', sql`${table.closesAt} > ${table.opensAt}`),
  ],
);
