import { tradeAdminApi, tradeApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { TradeService } from './service.ts';

/** Trading (docs/trading.md): orders and positions per member, the block-order review and fees for operators. */
export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService }> = async (app, { trade }) => {
  route(app, tradeApi.preview, (request, { member }) => trade.preview(member.userId, request.body));
  route(app, tradeApi.place, (request, { member, claim }) =>
    trade.place(member.userId, request.body, request.lang, claim),
  );
  route(app, tradeApi.cancel, (request, { member, claim }) =>
    trade.cancel(member.userId, request.body.id, request.lang, claim),
  );
  route(app, tradeApi.update, (request, { member }) => trade.update(member.userId, request.body, request.lang));
  route(app, tradeApi.close, (request, { member, claim }) =>
    trade.close(member.userId, request.body, request.lang, claim),
  );
  route(app, tradeApi.pending, (request, { member }) => trade.pending(member.userId, request.query, request.lang));
  route(app, tradeApi.holdings, (_request, { member }) => trade.holdings(member.userId));
  route(app, tradeApi.closed, (request, { member }) => trade.closed(member.userId, request.query, request.lang));
  route(app, tradeApi.detail, (request, { member }) => trade.detail(member.userId, request.query.id, request.lang));
  route(app, tradeApi.feeSchedule, (_request, { member }) => trade.feeSchedule(member.userId));

  route(app, tradeAdminApi.orderList, (request) => trade.adminList(request.query, request.lang));
  route(app, tradeAdminApi.orderReview, (request, { actor }) => trade.review(actor, request.body, request.lang));
  route(app, tradeAdminApi.feeList, () => trade.feeList());
  route(app, tradeAdminApi.feeUpdate, (request, { actor }) => trade.feeUpdate(actor, request.body));
};
