import { contentAdminApi, contentApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { BannerService } from './banners.ts';
import type { NewsAdmin } from './news-admin.ts';

/** The home page's banners (public) and the operators' news and banner editing. */
export const contentRoutes: FastifyPluginAsync<{ banners: BannerService; news: NewsAdmin }> = async (
  app,
  { banners, news },
) => {
  route(app, contentApi.bannerList, (request) => banners.list(request.lang));

  const api = contentAdminApi;
  route(app, api.newsList, (request) => news.list(request.query));
  route(app, api.newsDetail, (request) => news.detail(request.query.id));
  route(app, api.newsCreate, (request, { actor }) => news.create(actor, request.body));
  route(app, api.newsUpdate, (request, { actor }) => {
    const { id, ...input } = request.body;
    return news.update(actor, id, input);
  });
  route(app, api.newsUnpublish, (request, { actor }) => news.setPublished(actor, request.body.id, false));
  route(app, api.newsPublish, (request, { actor }) => news.setPublished(actor, request.body.id, true));

  route(app, api.bannerList, () => banners.adminList());
  route(app, api.bannerCreate, (request, { actor }) => banners.create(actor, request.body));
  route(app, api.bannerUpdate, (request, { actor }) => {
    const { id, ...input } = request.body;
    return banners.update(actor, id, input);
  });
  route(app, api.bannerDelete, (request, { actor }) => banners.remove(actor, request.body.id));
};
