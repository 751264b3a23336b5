import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { invalidateTrading } from './invalidate.ts';

export type CloseBody = { positionId: number; quantity?: number };

/** `POST order/close`: all of a position or a part, at the market. */
export function useClosePosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<CloseBody>) =>
      call('POST /order/close', { body }, { headers: idempotencyHeaders(key) }),
    onSettled: () => invalidateTrading(client),
  });
}
