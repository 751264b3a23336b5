import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job and period (docs/jobs.md). The primary key is the guard:
 * a restart or a second engine node can never run the same period twice.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** What the run covers: a day (`2026-11-20`), a market's session (`US:2026-11-20`), an offer... */
    period: text('period').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** What the run handled (orders expired, members accrued...). */
    items: integer('items').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The engine lease's epoch of the node that claimed the run: a run of an older epoch died with its node. */
    epoch: bigint('epoch', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);

/**
 * The engine lease (docs/scaling.md, Standby engine): one row per lease; the node named in
 * `holder` runs the engine until `expires_at`, and `epoch` grows by one with every new holder, so
 * a write that checks its epoch cannot land after another node took over.
 */
export const engineLeases = pgTable('engine_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
