import { call } from '@soar/client';
import type { ApiInput } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTrading } from './invalidate.ts';

export type UpdateBody = ApiInput<'POST /order/update'>['body'];

/**
 * `POST order/update`: the limit or stop price of a waiting order, or the stop loss and take
 * profit of an order or a position (null clears one).
 */
export function useUpdateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBody) => call('POST /order/update', { body }),
    onSettled: () => invalidateTrading(client),
  });
}
