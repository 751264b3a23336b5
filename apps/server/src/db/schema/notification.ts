import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './member.ts';
import { notices } from './notice.ts';

/**
 * A member's channels for one notification kind (docs/api.md, Notifications). A kind without a
 * row has the defaults: push on, in the app on, email off.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A notification kind of the contract (`fills`, `alerts`, ...). */
    kind: text('kind').notNull(),
    push: boolean('push').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** A notice waiting to be mailed to its member: tried until sent or out of attempts. */
export const notificationMails = pgTable(
  'notification_mails',
  {
    noticeId: integer('notice_id')
      .primaryKey()
      .references(() => notices.id),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    error: text('error'),
  },
  (table) => [index('notification_mails_due_idx').on(table.nextAt)],
);
