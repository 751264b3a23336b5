import { call } from '@soar/client';
import type { OrderInput } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { invalidateTrading } from './invalidate.ts';

export type PlaceBody = OrderInput & { payPassword?: string };

/** `POST order/place` with its Idempotency-Key: a retried submission never places twice. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<PlaceBody>) =>
      call('POST /order/place', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: () => invalidateTrading(client),
  });
}
