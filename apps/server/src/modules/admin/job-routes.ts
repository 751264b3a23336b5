import { jobAdminApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { JobRunner } from '../../jobs/runner.ts';
import { route } from '../../lib/route.ts';

/** The operators' view of scheduled work (docs/jobs.md); admin only. */
export const adminJobRoutes: FastifyPluginAsync<{ jobs: JobRunner }> = async (app, { jobs }) => {
  route(app, jobAdminApi.list, () => jobs.status());
};
