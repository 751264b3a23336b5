import { chainAdminApi, chainApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { resolveTimezone } from '../../core/time.ts';
import { route } from '../../lib/route.ts';
import type { ChainServices } from './services.ts';

/** The member's deposit address and the operators' chain page (docs/api.md, Chain). */
export const chainRoutes: FastifyPluginAsync<ChainServices> = async (app, { addresses, admin }) => {
  route(app, chainApi.depositAddress, (request, { member }) => {
    const header = request.headers['x-timezone'];
    const timezone = resolveTimezone(typeof header === 'string' ? header : undefined);
    return addresses.depositAddress(member.userId, request.query.network, timezone);
  });

  route(app, chainAdminApi.status, () => admin.status());
  route(app, chainAdminApi.transferList, (request) => admin.transfers(request.query));
  route(app, chainAdminApi.transferReview, (request, { actor, claim }) =>
    admin.reviewTransfer(actor, request.body, claim),
  );
  route(app, chainAdminApi.payoutList, (request) => admin.payouts(request.query));
  route(app, chainAdminApi.payoutDecide, (request, { actor, claim }) => admin.decidePayout(actor, request.body, claim));
};
