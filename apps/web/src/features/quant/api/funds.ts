import { call } from '@soar/client';
import type { QuantSaleState } from '@soar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { quantKeys } from './keys.ts';

/** `GET quant/list`: funds on sale first, then upcoming, then ended; one state when asked. */
export const fundsQuery = (state?: QuantSaleState) =>
  infiniteQueryOptions({
    queryKey: quantKeys.funds(state),
    queryFn: ({ pageParam, signal }) =>
      call('GET /quant/list', { query: { page: pageParam, pageSize, ...(state ? { state } : {}) } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useFunds = (state?: QuantSaleState) => useInfiniteQuery(fundsQuery(state));

/** `GET quant/detail`. */
export const useFund = (id: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: quantKeys.fund(id ?? 0),
      queryFn: ({ signal }) => call('GET /quant/detail', { query: { id: id ?? 0 } }, { signal }),
      enabled: id !== undefined,
    }),
  );

/** `GET quant/rate/list`: a fund's published daily rates, oldest first, with the fund. */
export const useFundRates = (id: number | undefined, limit = 120) =>
  useQuery(
    queryOptions({
      queryKey: quantKeys.rates(id ?? 0),
      queryFn: ({ signal }) => call('GET /quant/rate/list', { query: { id: id ?? 0, limit } }, { signal }),
      enabled: id !== undefined,
    }),
  );
