import { call } from '@soar/client';
import type { OrderStatus } from '@soar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { tradeKeys } from './keys.ts';

/** The history's filters as `order/history` takes them; empty ones are left out. */
export type HistoryFilter = { symbol?: string; status?: OrderStatus; dateFrom?: string; dateTo?: string };

/** `GET order/history`: every order of mine, newest first, with the money each moved. */
export const historyQuery = (filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: tradeKeys.history(filter),
    queryFn: ({ pageParam, signal }) =>
      call('GET /order/history', { query: { ...filter, page: pageParam, pageSize } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useOrderHistory = (filter: HistoryFilter, enabled = true) =>
  useInfiniteQuery({ ...historyQuery(filter), enabled });
