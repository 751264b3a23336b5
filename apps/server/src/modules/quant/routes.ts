import { quantAdminApi, quantApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { QuantAdmin } from './admin.ts';
import type { QuantService } from './service.ts';

/** Quant funds (docs/api.md, Quant funds): the offer for everyone, orders and profits per member. */
export const quantRoutes: FastifyPluginAsync<{ quant: QuantService; admin: QuantAdmin }> = async (
  app,
  { quant, admin },
) => {
  route(app, quantApi.list, (request) => quant.list(request.query));
  route(app, quantApi.detail, (request) => quant.detail(request.query.id));
  route(app, quantApi.rates, (request) => quant.rates(request.query.id, request.query.limit));
  route(app, quantApi.buy, (request, { member, claim }) => quant.buy(member.userId, request.body, claim));
  route(app, quantApi.orders, (request, { member }) => quant.orders(member.userId, request.query));
  route(app, quantApi.profits, (request, { member }) => quant.profits(member.userId, request.query));

  route(app, quantAdminApi.list, (request) => admin.list(request.query));
  route(app, quantAdminApi.create, (request, { actor }) => admin.create(actor, request.body));
  route(app, quantAdminApi.update, (request, { actor }) => {
    const { id, ...input } = request.body;
    return admin.update(actor, id, input);
  });
  route(app, quantAdminApi.close, (request, { actor }) => admin.close(actor, request.body.id));
  route(app, quantAdminApi.orders, (request) => admin.orders(request.query));
};
