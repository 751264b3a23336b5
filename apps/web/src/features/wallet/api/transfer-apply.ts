import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';

export type TransferBody = { from: string; to: string; amount: string; payPassword: string };

export const applyTransfer = ({ body, key }: Attempt<TransferBody>) =>
  call('POST /transfer/apply', { body }, { headers: idempotencyHeaders(key) });

export function useApplyTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyTransfer,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
