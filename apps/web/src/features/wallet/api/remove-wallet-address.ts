import { call } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const removeWalletAddress = (id: number) => call('POST /wallet/address/remove', { body: { id } });

export function useRemoveWalletAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeWalletAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  });
}
