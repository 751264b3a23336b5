import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import type { MarketEngine } from '../../market/engine.ts';
import type { NewsService } from '../news/service.ts';

/** At most this many stocks and this many articles per search. */
export const searchLimit = 20;

export const searchRoutes: FastifyPluginAsync<{ engine: MarketEngine; news: NewsService }> = async (
  fastify,
  { engine, news },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { search } = marketApi;
  app.get(
    search.path,
    {
      schema: {
        tags: ['search'],
        summary: 'Stocks by ticker or name, news by title (case and accents ignored)',
        querystring: search.query,
        response: { 200: search.response },
      },
    },
    async (request) => {
      const { q } = request.query;
      const stocks = engine.search(q, searchLimit).map((instrument) => engine.quote(instrument));
      return success({ stocks, news: await news.search(q, request.lang, searchLimit) });
    },
  );
};
