import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { instruments } from './market.ts';
import { users } from './member.ts';

/** A member's watchlist: one row per watched instrument, shown by `sort` ascending. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.instrumentId] })],
);
