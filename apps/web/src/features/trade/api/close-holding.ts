import { call, RequestError } from '@soar/client';
import type { HoldingCloseBody } from '@soar/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { invalidateTrading } from './invalidate.ts';
import { tradeKeys } from './keys.ts';

/** `POST order/close/holding/preview`: what a Sell of a holding (or a Buy to cover) returns. A read: no toast. */
export const useHoldingClosePreview = (body: HoldingCloseBody | undefined) =>
  useQuery({
    queryKey: tradeKeys.closePreview(body ?? {}),
    queryFn: ({ signal }) =>
      call(
        'POST /order/close/holding/preview',
        { body: body as HoldingCloseBody },
        { signal, loading: false, toast: false, prevent: false },
      ),
    enabled: body !== undefined,
    retry: (count, error) => !(error instanceof RequestError && error.status < 500) && count < 2,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

/** `POST order/close/holding` with its Idempotency-Key: a retried tap never sells twice. */
export function useCloseHolding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<HoldingCloseBody>) =>
      call('POST /order/close/holding', { body }, { headers: idempotencyHeaders(key) }),
    onSettled: () => invalidateTrading(client),
  });
}
