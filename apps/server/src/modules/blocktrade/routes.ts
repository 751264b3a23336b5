import { blocktradeAdminApi, blocktradeApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { BlocktradeAdmin } from './admin.ts';
import type { BlocktradeService } from './service.ts';

/** Block trades (docs/blocktrade.md): offers for everyone, orders per member, the operators' offer calls. */
export const blocktradeRoutes: FastifyPluginAsync<{ blocktrade: BlocktradeService; admin: BlocktradeAdmin }> = async (
  app,
  { blocktrade, admin },
) => {
  route(app, blocktradeApi.list, (request) => blocktrade.list(request.query));
  route(app, blocktradeApi.detail, (request) => blocktrade.detail(request.query.id));
  route(app, blocktradeApi.preview, (request, { member }) => blocktrade.preview(member.userId, request.query));
  route(app, blocktradeApi.order, (request, { member, claim }) => blocktrade.order(member.userId, request.body, claim));
  route(app, blocktradeApi.orders, (request, { member }) => blocktrade.orders(member.userId, request.query));

  route(app, blocktradeAdminApi.list, (request) => admin.list(request.query));
  route(app, blocktradeAdminApi.create, (request, { actor }) => admin.create(actor, request.body));
  route(app, blocktradeAdminApi.update, (request, { actor }) => {
    const { id, ...input } = request.body;
    return admin.update(actor, id, input);
  });
  route(app, blocktradeAdminApi.close, (request, { actor }) => admin.close(actor, request.body.id));
};
