import { request } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const removeWalletAddress = (id: number) =>
  request<{ id: number }>({ url: 'wallet/address/remove', method: 'POST', data: { id } });

export function useRemoveWalletAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeWalletAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  });
}
