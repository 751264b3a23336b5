import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { ipoKeys } from './keys.ts';

export type SubscribeBody = { offerId: number; lots: number; payPassword: string };

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ipoKeys.all }),
      client.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

/** `POST ipo/subscribe` with its Idempotency-Key; refreshes the offers, my subscriptions and the balance. */
export function useSubscribe() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<SubscribeBody>) =>
      call('POST /ipo/subscribe', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: refresh,
  });
}

/** `POST ipo/subscription/cancel`: everything frozen returns. */
export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<{ id: number }>) =>
      call('POST /ipo/subscription/cancel', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: refresh,
  });
}

/** `POST ipo/subscription/reconfirm`: keeps an application at a final price outside the range. */
export function useReconfirm() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<{ id: number; payPassword: string }>) =>
      call('POST /ipo/subscription/reconfirm', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: refresh,
  });
}
