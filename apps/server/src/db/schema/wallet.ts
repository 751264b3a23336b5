import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './member.ts';

/**
 * A member's money per currency (DESIGN section 3). Only the ledger writes here, inside the same
 * transaction as the journal entry that explains the change.
 */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    available: numeric('available', { precision: 24, scale: 8 }).notNull().default('0'),
    frozen: numeric('frozen', { precision: 24, scale: 8 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency] })],
);
