import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPage } from '../../../shared/paging.ts';
import { marketKeys } from './keys.ts';

export type QuoteTab = 'active' | 'gainers' | 'losers';
export type QuotePage = ApiData<'GET /market/quote/list'>;

export const quoteListPageSize = 20;

/** `GET market/quote/list`: one page of a market's stocks, sorted by the tab. */
export const getQuoteList = (
  query: { market?: string; tab: QuoteTab; page: number; pageSize: number },
  signal?: AbortSignal,
) => call('GET /market/quote/list', { query }, { loading: false, signal });

export const quoteListQuery = (market: string | undefined, tab: QuoteTab) =>
  infiniteQueryOptions({
    queryKey: marketKeys.quoteList(market, tab),
    queryFn: ({ pageParam, signal }) =>
      getQuoteList({ ...(market ? { market } : {}), tab, page: pageParam, pageSize: quoteListPageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useQuoteList = (market: string | undefined, tab: QuoteTab) =>
  useInfiniteQuery(quoteListQuery(market, tab));

/** The first few most active stocks (the home section). */
export const mostActiveQuery = (count: number) =>
  queryOptions({
    queryKey: ['market', 'quote', 'active', count],
    queryFn: ({ signal }) => getQuoteList({ tab: 'active', page: 1, pageSize: count }, signal),
  });

export const useMostActive = (count: number) => useQuery(mostActiveQuery(count));
