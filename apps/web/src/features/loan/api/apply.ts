import { call, uploadTo } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { loanKeys } from './keys.ts';

export type ApplyBody = { productId: number; amount: string; signature: string; agree: true };

/** `POST upload` (`walletApi.upload`): the drawn signature as a PNG; answers its upload id. */
export const uploadSignature = (png: Blob) => uploadTo('POST /upload', { file: png, formData: {}, name: 'file' });

/** `POST loan/apply` with its Idempotency-Key. */
export function useApplyLoan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<ApplyBody>) =>
      call('POST /loan/apply', { body }, { headers: idempotencyHeaders(key), toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: loanKeys.all }),
  });
}
