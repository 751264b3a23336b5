import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { tradeKeys } from './keys.ts';

/** `GET order/closed`: my closes (whole or part) with realised P/L, newest first. */
export const closedQuery = infiniteQueryOptions({
  queryKey: tradeKeys.closed,
  queryFn: ({ pageParam, signal }) => call('GET /order/closed', { query: { page: pageParam, pageSize } }, { signal }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});
export const useClosedPositions = (enabled = true) => useInfiniteQuery({ ...closedQuery, enabled });
