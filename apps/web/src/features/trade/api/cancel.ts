import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders, newKey } from '../../../shared/idempotency.ts';
import { invalidateTrading } from './invalidate.ts';

/** `POST order/cancel`: a waiting order's frozen funds return. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /order/cancel', { body: { id } }, { headers: idempotencyHeaders(newKey()) }),
    onSettled: () => invalidateTrading(client),
  });
}
