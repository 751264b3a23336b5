import { call } from '@soar/client';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { useTopic } from '../../../shared/realtime/index.ts';

export const getWithdrawRecords = (page: number) => call('GET /withdraw/record/list', { query: { page, pageSize } });

export const withdrawRecordsQuery = infiniteQueryOptions({
  queryKey: ['wallet', 'withdraw-records'],
  queryFn: ({ pageParam }) => getWithdrawRecords(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});
export const useWithdrawRecords = () => useInfiniteQuery(withdrawRecordsQuery);

/** A withdrawal sent on chain moves (sending, paid with its hash, refunded) on the member's `withdrawals` topic. */
export function useLiveWithdrawals() {
  const client = useQueryClient();
  useTopic('withdrawals', () => void client.invalidateQueries({ queryKey: withdrawRecordsQuery.queryKey }));
}
