import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { NewsService } from '../news/index.ts';

/** At most this many stocks and this many articles per search. */
export const searchLimit = 20;

export const searchRoutes: FastifyPluginAsync<{ engine: QuoteProvider; news: NewsService }> = async (
  app,
  { engine, news },
) => {
  route(app, marketApi.search, async (request) => {
    const { q } = request.query;
    const stocks = engine.search(q, searchLimit).map((instrument) => engine.quote(instrument));
    return { stocks, news: await news.search(q, request.lang, searchLimit) };
  });
};
