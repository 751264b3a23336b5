import { call } from '@soar/client';
import type { TransactionGroup } from '@soar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';

/** The transactions filter: a group of ledger kinds (trading, IPO, funds, loans ...) and a currency. */
export type TransactionFilter = { group?: TransactionGroup; currency?: string };

export const getTransactions = (filter: TransactionFilter, page: number) =>
  call('GET /transaction/list', { query: { ...filter, page, pageSize } });

export const transactionsQuery = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', filter],
    queryFn: ({ pageParam }) => getTransactions(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useTransactions = (filter: TransactionFilter) => useInfiniteQuery(transactionsQuery(filter));
