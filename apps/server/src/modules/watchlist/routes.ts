import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { WatchlistService } from './service.ts';

export const watchlistRoutes: FastifyPluginAsync<{ watchlist: WatchlistService }> = async (app, { watchlist }) => {
  route(app, marketApi.watchlistList, (_request, { member }) => watchlist.list(member.userId));
  route(app, marketApi.watchlistAdd, async (request, { member }) => {
    await watchlist.add(member.userId, request.body.symbol);
    return null;
  });
  route(app, marketApi.watchlistRemove, async (request, { member }) => {
    await watchlist.remove(member.userId, request.body.symbols);
    return null;
  });
  route(app, marketApi.watchlistSort, async (request, { member }) => {
    await watchlist.sort(member.userId, request.body.symbols);
    return null;
  });
};
