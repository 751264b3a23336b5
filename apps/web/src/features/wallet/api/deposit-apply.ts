import { call } from '@soar/client';
import type { DepositApplyBody } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';

export const applyDeposit = ({ body, key }: Attempt<DepositApplyBody>) =>
  call('POST /deposit/apply', { body }, { headers: idempotencyHeaders(key) });

export function useApplyDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyDeposit,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet', 'deposit-records'] }),
  });
}
