import { request } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletAddress } from './types.ts';

export const getWalletAddresses = () => request<WalletAddress[]>({ url: 'wallet/address/list' });

export const walletAddressesQuery = queryOptions({
  queryKey: ['wallet', 'addresses'],
  queryFn: getWalletAddresses,
});
export const useWalletAddresses = () => useQuery(walletAddressesQuery);
