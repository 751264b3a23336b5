import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './member.ts';
import { notices } from './notice.ts';
import { tradePositions } from './trade.ts';

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

/**
 * A member's alert (docs/product.md, Alerts). `phase` is where it stands against its level:
 * `armed` fires when the price crosses it, `rearm` (a repeating alert that fired) waits for the
 * price to come back first, so one crossing fires once, across restarts too.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    symbol: text('symbol').notNull(),
    positionId: integer('position_id').references(() => tradePositions.id),
    value: money('value'),
    repeat: boolean('repeat').notNull(),
    cooldownMinutes: integer('cooldown_minutes').notNull(),
    status: text('status').notNull(),
    phase: text('phase').notNull().default('armed'),
    /**
     * What a relative level was measured from when armed: the previous close of a change alert,
     * the 52-week high or low; a new day's previous close arms a change alert again.
     */
    refPrice: money('ref_price'),
    endedBy: text('ended_by'),
    /** One more with every change a member or the engine makes: a firing checks the alert it read. */
    version: integer('version').notNull().default(0),
    firedCount: integer('fired_count').notNull().default(0),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('alerts_user_idx').on(table.userId, table.status),
    index('alerts_status_idx').on(table.status, table.symbol),
  ],
);

/** One firing of an alert: the member's alert history, beside the notice it sent. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    symbol: text('symbol').notNull(),
    value: money('value'),
    price: money('price').notNull(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('alert_events_user_idx').on(table.userId, table.id)],
);
