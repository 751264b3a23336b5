import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './member.ts';

/**
 * The inbox (docs/product.md, Inbox). A notice is stored as a kind and its parameters, never as
 * text: each reader sees it in their own language (`notice.<kind>.title` / `.body` of @soar/i18n).
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What it is about, for a link from the inbox: `deposit:12`, `order:40`, `kyc:3`. */
    reference: text('reference'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_user_idx').on(table.userId, table.id)],
);
