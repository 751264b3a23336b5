import { marketApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { success } from '../../lib/envelope.ts';
import { memberOf } from '../../plugins/auth.ts';
import type { WatchlistService } from './service.ts';

export const watchlistRoutes: FastifyPluginAsync<{ watchlist: WatchlistService }> = async (fastify, { watchlist }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['watchlist'];
  const onRequest = app.requireMember;
  const { watchlistList, watchlistAdd, watchlistRemove, watchlistSort } = marketApi;
  app.get(
    watchlistList.path,
    {
      onRequest,
      schema: { tags, summary: 'My watchlist with live quotes', response: { 200: watchlistList.response } },
    },
    async (request) => success(await watchlist.list(memberOf(request).userId)),
  );
  app.post(
    watchlistAdd.path,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Watch a symbol (again is harmless)',
        body: watchlistAdd.body,
        response: { 200: watchlistAdd.response },
      },
    },
    async (request) => {
      await watchlist.add(memberOf(request).userId, request.body.symbol);
      return success(null);
    },
  );
  app.post(
    watchlistRemove.path,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Stop watching symbols',
        body: watchlistRemove.body,
        response: { 200: watchlistRemove.response },
      },
    },
    async (request) => {
      await watchlist.remove(memberOf(request).userId, request.body.symbols);
      return success(null);
    },
  );
  app.post(
    watchlistSort.path,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Reorder: symbols in the new order',
        body: watchlistSort.body,
        response: { 200: watchlistSort.response },
      },
    },
    async (request) => {
      await watchlist.sort(memberOf(request).userId, request.body.symbols);
      return success(null);
    },
  );
};
