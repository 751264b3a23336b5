import { portfolioApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { download, route } from '../../lib/route.ts';
import type { PortfolioService } from './service.ts';

export const portfolioRoutes: FastifyPluginAsync<{ portfolio: PortfolioService }> = async (app, { portfolio }) => {
  route(app, portfolioApi.account, (request, { member }) =>
    portfolio.account(member.userId, request.query.currency, request.lang),
  );
  route(app, portfolioApi.performance, (request, { member }) => portfolio.performance(member.userId, request.query));
  route(app, portfolioApi.realised, (request, { member }) => portfolio.realised(member.userId, request.query));
  download(app, portfolioApi.export, (request, { member }) => portfolio.exportFile(member.userId, request.query));
};
