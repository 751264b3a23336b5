import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import type { NewsService } from './service.ts';

export const newsRoutes: FastifyPluginAsync<{ news: NewsService }> = async (fastify, { news }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['news'];
  const { newsList, newsDetail } = marketApi;
  app.get(
    newsList.path,
    {
      schema: {
        tags,
        summary: 'News, newest first, in the request language where translated',
        querystring: newsList.query,
        response: { 200: newsList.response },
      },
    },
    async (request) => success(await news.list(request.query, request.lang)),
  );
  app.get(
    newsDetail.path,
    { schema: { tags, summary: 'One article', querystring: newsDetail.query, response: { 200: newsDetail.response } } },
    async (request) => success(await news.detail(request.query.id, request.lang)),
  );
};
