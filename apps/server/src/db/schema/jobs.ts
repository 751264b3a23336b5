import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);
