import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { operators, users } from './member.ts';

/**
 * A manual balance adjustment (maker-checker, docs/admin.md): made by one operator, it moves
 * money only when a different operator approves it. Status 0 pending, 1 approved, 2 rejected.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    direction: text('direction').$type<'credit' | 'debit'>().notNull(),
    amount: numeric('amount', { precision: 24, scale: 8 }).notNull(),
    reason: text('reason').notNull(),
    status: integer('status').notNull().default(0),
    makerId: integer('maker_id')
      .notNull()
      .references(() => operators.id),
    checkerId: integer('checker_id').references(() => operators.id),
    remark: text('remark'),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('balance_adjustments_status_idx').on(table.status, table.id),
    index('balance_adjustments_user_idx').on(table.userId, table.id),
    check('balance_adjustments_amount_positive', sql`${table.amount} > 0`),
    check('balance_adjustments_direction', sql`${table.direction} in ('credit', 'debit')`),
    // The database itself refuses an approval by the adjustment's own maker.
    check(
      'balance_adjustments_approver_not_maker',
      sql`${table.status} <> 1 or ${table.checkerId} <> ${table.makerId}`,
    ),
  ],
);

/**
 * An operator holding a queue record while deciding it (docs/admin.md, Queues): one row per
 * record, taken over once `claimed_until` has passed. Advisory: the decision's own lock on the
 * record is what keeps two decisions from both landing.
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.entity, table.entityId] })],
);
