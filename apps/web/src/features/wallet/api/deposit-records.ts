import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';

/** The browser's IANA timezone: the server answers local times in it (`x-timezone`). */
export const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const getDepositRecords = (page: number) =>
  call('GET /deposit/record/list', { query: { page, pageSize } }, { headers: { 'x-timezone': browserTimezone() } });

export const depositRecordsQuery = infiniteQueryOptions({
  queryKey: ['wallet', 'deposit-records'],
  queryFn: ({ pageParam }) => getDepositRecords(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});
export const useDepositRecords = () => useInfiniteQuery(depositRecordsQuery);
