import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';

export type WithdrawBody = { amount: string; currency: string; walletId: number; payPassword: string };

export const applyWithdraw = ({ body, key }: Attempt<WithdrawBody>) =>
  call('POST /withdraw/apply', { body }, { headers: idempotencyHeaders(key) });

export function useApplyWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyWithdraw,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
