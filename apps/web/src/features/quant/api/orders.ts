import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { quantKeys } from './keys.ts';

/** `GET quant/order/list`: my orders, newest first; one status when asked (0 in progress, 1 ended). */
export const ordersQuery = (status?: number) =>
  infiniteQueryOptions({
    queryKey: quantKeys.orders(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        'GET /quant/order/list',
        { query: { page: pageParam, pageSize, ...(status === undefined ? {} : { status }) } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useOrders = (status?: number) => useInfiniteQuery(ordersQuery(status));

/** `GET quant/profit/list`: my daily profits, newest first; one order's when asked. */
export const profitsQuery = (orderId?: number) =>
  infiniteQueryOptions({
    queryKey: quantKeys.profits(orderId),
    queryFn: ({ pageParam, signal }) =>
      call(
        'GET /quant/profit/list',
        { query: { page: pageParam, pageSize, ...(orderId === undefined ? {} : { orderId }) } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useProfits = (orderId?: number) => useInfiniteQuery(profitsQuery(orderId));
