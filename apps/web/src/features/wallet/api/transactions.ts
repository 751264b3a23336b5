import { request } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, type Page, pageSize, type Transaction } from './types.ts';

export type TransactionFilter = { type?: string; currency?: string };

export const getTransactions = (filter: TransactionFilter, page: number) =>
  request<Page<Transaction>>({ url: 'transaction/list', query: { ...filter, page, pageSize } });

export const transactionsQuery = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', filter],
    queryFn: ({ pageParam }) => getTransactions(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useTransactions = (filter: TransactionFilter) => useInfiniteQuery(transactionsQuery(filter));
