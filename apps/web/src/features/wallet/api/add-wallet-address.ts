import { request } from '@soar/client';
import type { CryptoNetwork } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletAddress } from './types.ts';

export type WalletAddressBody = { name: string; currency: string; network: CryptoNetwork; address: string };

export const addWalletAddress = (body: WalletAddressBody) =>
  request<WalletAddress>({ url: 'wallet/address/add', method: 'POST', data: body });

export function useAddWalletAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWalletAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  });
}
