import { tradeAdminApi, tradeApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import { adminList, feeList, feeUpdate } from './admin.ts';
import { cancel, update } from './amend.ts';
import { close } from './closing.ts';
import { history } from './history.ts';
import { closeHolding, closeHoldingPreview } from './holding.ts';
import { closed, detail, feeSchedule, holdings, pending } from './lists.ts';
import { place } from './placement.ts';
import { preview } from './preview.ts';
import { review } from './review.ts';
import type { TradeService } from './service.ts';

/** Trading (docs/trading.md): orders and positions per member, the block-order review and fees for operators. */
export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService }> = async (app, { trade }) => {
  route(app, tradeApi.preview, (request, { member }) => preview(trade, member.userId, request.body));
  route(app, tradeApi.place, (request, { member, claim }) =>
    place(trade, member.userId, request.body, request.lang, claim),
  );
  route(app, tradeApi.cancel, (request, { member, claim }) =>
    cancel(trade, member.userId, request.body.id, request.lang, claim),
  );
  route(app, tradeApi.update, (request, { member }) => update(trade, member.userId, request.body, request.lang));
  route(app, tradeApi.close, (request, { member, claim }) =>
    close(trade, member.userId, request.body, request.lang, claim),
  );
  route(app, tradeApi.closeHoldingPreview, (request, { member }) =>
    closeHoldingPreview(trade, member.userId, request.body),
  );
  route(app, tradeApi.closeHolding, (request, { member, claim }) =>
    closeHolding(trade, member.userId, request.body, request.lang, claim),
  );
  route(app, tradeApi.pending, (request, { member }) => pending(trade, member.userId, request.query, request.lang));
  route(app, tradeApi.holdings, (_request, { member }) => holdings(trade, member.userId));
  route(app, tradeApi.closed, (request, { member }) => closed(trade, member.userId, request.query, request.lang));
  route(app, tradeApi.history, (request, { member }) => history(trade, member.userId, request.query, request.lang));
  route(app, tradeApi.detail, (request, { member }) => detail(trade, member.userId, request.query.id, request.lang));
  route(app, tradeApi.feeSchedule, (_request, { member }) => feeSchedule(trade, member.userId));

  route(app, tradeAdminApi.orderList, async (request, { actor }) =>
    app.claims.annotatePage('order', await adminList(trade, request.query, request.lang), actor.operatorId),
  );
  route(app, tradeAdminApi.orderReview, async (request, { actor }) =>
    app.claims.annotateOne('order', await review(trade, actor, request.body, request.lang), actor.operatorId),
  );
  route(app, tradeAdminApi.feeList, () => feeList(trade));
  route(app, tradeAdminApi.feeUpdate, (request, { actor }) => feeUpdate(trade, actor, request.body));
};
