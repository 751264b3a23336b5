import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import type { MarketService } from './service.ts';

export const marketRoutes: FastifyPluginAsync<{ market: MarketService }> = async (fastify, { market }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['market'];
  const { quoteList, quoteDetail, kline, indexList, popular } = marketApi;

  app.get(
    quoteList.path,
    {
      schema: {
        tags,
        summary: 'Stocks: most active, gainers or losers',
        querystring: quoteList.query,
        response: { 200: quoteList.response },
      },
    },
    async (request) => success(market.list(request.query)),
  );
  app.get(
    quoteDetail.path,
    { schema: { tags, summary: 'One quote', querystring: quoteDetail.query, response: { 200: quoteDetail.response } } },
    async (request) => success(market.detail(request.query.symbol)),
  );
  app.get(
    kline.path,
    {
      schema: {
        tags,
        summary: 'Candles in ascending time',
        querystring: kline.query,
        response: { 200: kline.response },
      },
    },
    async (request) => success(await market.kline(request.query.symbol, request.query.interval, request.query.limit)),
  );
  app.get(
    indexList.path,
    { schema: { tags, summary: 'Global indices', response: { 200: indexList.response } } },
    async () => success(market.indices()),
  );
  app.get(
    popular.path,
    {
      schema: {
        tags,
        summary: 'Popular: curated names and the most active of each market',
        response: { 200: popular.response },
      },
    },
    async () => success(market.popular()),
  );
};
