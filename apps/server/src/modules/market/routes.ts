import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { MarketService } from './service.ts';

export const marketRoutes: FastifyPluginAsync<{ market: MarketService }> = async (app, { market }) => {
  route(app, marketApi.quoteList, (request) => market.list(request.query));
  route(app, marketApi.quoteDetail, (request) => market.detail(request.query.symbol));
  route(app, marketApi.kline, (request) =>
    market.kline(request.query.symbol, request.query.interval, request.query.limit),
  );
  route(app, marketApi.indexList, () => market.indices());
  route(app, marketApi.statusList, () => market.status());
  route(app, marketApi.popular, () => market.popular());
};
