import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './member.ts';

/**
 * Every operator action (docs/architecture.md (Accounts and sessions)), written in the same
 * transaction as the change, and every operator sign-in: one under an unknown username has no
 * operator.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The member the entry concerns: the member changed, or the owner of the record decided. */
    userId: integer('user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_user_idx').on(table.userId, table.id),
  ],
);
