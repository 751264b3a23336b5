import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './member.ts';

export type IpoOfferTranslation = { description: string };

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An IPO offer (docs/ipo.md): an unlisted instrument subscribed in lots from `start_time` to
 * `end_time` at the top of its price range, allotted by a lottery at `allotment_time` whose seed
 * is drawn at creation (only its SHA-256 is shown until the results), listed at `listing_time`.
 */
export const ipoOffers = pgTable(
  'ipo_offers',
  {
    id: serial('id').primaryKey(),
    /** Seeds find their own rows by it; null for offers operators add. */
    code: text('code').unique(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    /** The English description; `translations` holds the other languages written. */
    description: text('description').notNull().default(''),
    translations: jsonb('translations').$type<Record<string, IpoOfferTranslation>>().notNull().default({}),
    lotSize: integer('lot_size').notNull(),
    minLots: integer('min_lots').notNull(),
    maxLots: integer('max_lots').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    priceMin: money('price_min').notNull(),
    priceMax: money('price_max').notNull(),
    finalPrice: money('final_price'),
    fee: money('fee').notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    allotmentTime: at('allotment_time').notNull(),
    listingTime: at('listing_time').notNull(),
    /** 32 random bytes, hex: secret until the allotment. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    allottedLots: bigint('allotted_lots', { mode: 'number' }),
    allottedAt: at('allotted_at'),
    listedAt: at('listed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'ipo_offers_lots',
      sql`${table.lotSize} > 0 and ${table.minLots} > 0 and ${table.maxLots} >= ${table.minLots} and ${table.sharesOffered} >= ${table.lotSize}`,
    ),
    check(
      'ipo_offers_prices',
      sql`${table.priceMin} > 0 and ${table.priceMax} >= ${table.priceMin} and ${table.fee} >= 0`,
    ),
    check(
      'ipo_offers_times',
      sql`${table.endTime} > ${table.startTime} and ${table.allotmentTime} >= ${table.endTime} and ${table.listingTime} >= ${table.allotmentTime}`,
    ),
    uniqueIndex('ipo_offers_symbol').on(table.symbol),
  ],
);

/**
 * A member's application (docs/product.md section 4: 0 awaiting allotment, 1 allotted, 2 not allotted,
 * 3 listed). `frozen` is what sits in the member's frozen balance for it while it awaits: lots x
 * lot size x `price` + `fee`. A cancelled application keeps its row (`cancelled_at`) for the record.
 */
export const ipoSubscriptions = pgTable(
  'ipo_subscriptions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => ipoOffers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lots: integer('lots').notNull(),
    price: money('price').notNull(),
    fee: money('fee').notNull(),
    frozen: money('frozen').notNull(),
    status: integer('status').notNull().default(0),
    needsReconfirm: boolean('needs_reconfirm').notNull().default(false),
    allottedLots: integer('allotted_lots'),
    paid: money('paid'),
    refund: money('refund'),
    reason: text('reason'),
    /** Allotted by an operator before the lottery: the lottery leaves it out. */
    manual: boolean('manual').notNull().default(false),
    allottedAt: at('allotted_at'),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('ipo_subscriptions_lots', sql`${table.lots} > 0`),
    check('ipo_subscriptions_status', sql`${table.status} in (0, 1, 2, 3)`),
    check('ipo_subscriptions_frozen', sql`${table.frozen} >= 0`),
    check(
      'ipo_subscriptions_allotted',
      sql`${table.allottedLots} is null or ${table.allottedLots} between 0 and ${table.lots}`,
    ),
    uniqueIndex('ipo_subscriptions_one_per_member')
      .on(table.offerId, table.userId)
      .where(sql`${table.cancelledAt} is null`),
    index('ipo_subscriptions_user_idx').on(table.userId, table.id),
    index('ipo_subscriptions_offer_status_idx').on(table.offerId, table.status),
  ],
);
