import { z } from 'zod';
import type { Api } from './api.ts';
import { ok } from './envelope.ts';

/** One scheduled job as the runner sees it (docs/jobs.md). */
export const jobStatus = z.object({
  name: z.string(),
  lastPeriod: z.string().nullable().describe('the newest period run: a day, or a market close `US:2026-11-20`'),
  lastStatus: z.enum(['running', 'done', 'failed']).nullable(),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  failures: z.number().int().describe('periods that failed (retried up to five times)'),
  lastError: z.string().nullable(),
});

/** The operators' view of scheduled work; admin only. */
export const jobAdminApi = {
  list: {
    access: 'operator',
    method: 'GET',
    path: '/admin/job/list',
    summary: 'Each scheduled job: last run, next run, failures',
    response: ok(z.array(jobStatus)),
  },
} as const satisfies Api;
