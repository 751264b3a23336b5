import { call } from '@soar/client';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { profileQueryKey } from '../../member/index.ts';
import { loanKeys } from './keys.ts';

/** `GET loan/list`: my applications and loans, newest first. */
export const loansQuery = (status?: number) =>
  infiniteQueryOptions({
    queryKey: loanKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        'GET /loan/list',
        { query: { page: pageParam, pageSize, ...(status === undefined ? {} : { status }) } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useLoans = (status?: number) => useInfiniteQuery(loansQuery(status));

/** `GET loan/detail`: one of my loans with its accruals and repayments. */
export const useLoan = (id: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: loanKeys.detail(id ?? 0),
      queryFn: ({ signal }) => call('GET /loan/detail', { query: { id: id ?? 0 } }, { signal }),
      enabled: id !== undefined,
    }),
  );

/** `GET loan/repayment/preview`: what paying `amount` (all when empty) on `date` would settle. */
export const usePreview = (id: number, amount: string, date: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: loanKeys.preview(id, amount, date),
      queryFn: ({ signal }) =>
        call(
          'GET /loan/repayment/preview',
          { query: { id, date, ...(amount ? { amount } : {}) } },
          { signal, toast: false },
        ),
      enabled,
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );

export type RepayBody = { id: number; amount: string };

/** `POST loan/repay` with its Idempotency-Key; refreshes the loan and the balance. */
export function useRepay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<RepayBody>) =>
      call('POST /loan/repay', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: loanKeys.all }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
        client.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
