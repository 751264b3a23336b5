import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from './member.ts';
import { notices } from './notice.ts';

/**
 * A browser's Web Push subscription (docs/api.md, Push), one per endpoint, owned by the member
 * session that made it: a session that ends takes it along (the sender drops it), as does a push
 * service that answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the texts are sent in: the app's at subscription. */
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/** A notice waiting to be pushed to one subscription: tried until sent, gone, or out of attempts. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    error: text('error'),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.noticeId] }),
    index('push_deliveries_due_idx').on(table.nextAt),
  ],
);
