import { call } from '@soar/client';
import type { CryptoNetwork } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type WalletAddressBody = {
  name: string;
  currency: string;
  network: CryptoNetwork;
  address: string;
  payPassword: string;
};

export const addWalletAddress = (body: WalletAddressBody) => call('POST /wallet/address/add', { body });

export function useAddWalletAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWalletAddress,
    // A new wallet starts a withdrawal hold (docs/ledger.md, Withdrawal holds).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
        client.invalidateQueries({ queryKey: ['wallet', 'withdrawal-hold'] }),
      ]),
  });
}
