import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { tradeKeys } from './keys.ts';

/** `GET order/pending`: my waiting orders, newest first. */
export const pendingQuery = infiniteQueryOptions({
  queryKey: tradeKeys.pending,
  queryFn: ({ pageParam, signal }) => call('GET /order/pending', { query: { page: pageParam, pageSize } }, { signal }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});
export const usePendingOrders = (enabled = true) => useInfiniteQuery({ ...pendingQuery, enabled });
