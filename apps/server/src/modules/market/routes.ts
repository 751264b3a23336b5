import { marketAdminApi, marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { InstrumentAdmin } from './admin.ts';
import type { MarketService } from './service.ts';

export const marketRoutes: FastifyPluginAsync<{ market: MarketService; admin: InstrumentAdmin }> = async (
  app,
  { market, admin },
) => {
  route(app, marketApi.quoteList, (request) => market.list(request.query));
  route(app, marketApi.quoteDetail, (request) => market.detail(request.query.symbol));
  route(app, marketApi.kline, (request) =>
    market.kline(request.query.symbol, request.query.interval, request.query.limit),
  );
  route(app, marketApi.dailyKline, (request) => market.dailyKline(request.query.symbol, request.query.range));
  route(app, marketApi.indexList, () => market.indices());
  route(app, marketApi.statusList, () => market.status());
  route(app, marketApi.popular, () => market.popular());

  route(app, marketAdminApi.instrumentList, (request) => admin.list(request.query));
  route(app, marketAdminApi.instrumentSuspend, (request, { actor }) =>
    admin.setSuspended(actor, request.body.id, request.body.reason),
  );
  route(app, marketAdminApi.instrumentResume, (request, { actor }) => admin.setSuspended(actor, request.body.id, null));
};
