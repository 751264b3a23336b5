import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { NewsService } from './service.ts';

export const newsRoutes: FastifyPluginAsync<{ news: NewsService }> = async (app, { news }) => {
  route(app, marketApi.newsList, (request) => news.list(request.query, request.lang));
  route(app, marketApi.newsDetail, (request) => news.detail(request.query.id, request.lang));
};
