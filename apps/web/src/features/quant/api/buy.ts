import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { profileQueryKey } from '../../member/index.ts';
import { quantKeys } from './keys.ts';

export type BuyBody = { fundId: number; amount: string; payPassword: string };

/** `POST quant/buy` with its Idempotency-Key; refreshes orders, profits and the balance. */
export function useBuyFund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<BuyBody>) =>
      call('POST /quant/buy', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: quantKeys.all }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
        client.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
