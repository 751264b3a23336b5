import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from './types.ts';

export const getWithdrawRecords = (page: number) => call('GET /withdraw/record/list', { query: { page, pageSize } });

export const withdrawRecordsQuery = infiniteQueryOptions({
  queryKey: ['wallet', 'withdraw-records'],
  queryFn: ({ pageParam }) => getWithdrawRecords(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});
export const useWithdrawRecords = () => useInfiniteQuery(withdrawRecordsQuery);
