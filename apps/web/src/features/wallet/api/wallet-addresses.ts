import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getWalletAddresses = () => call('GET /wallet/address/list');

export const walletAddressesQuery = queryOptions({
  queryKey: ['wallet', 'addresses'],
  queryFn: getWalletAddresses,
});
export const useWalletAddresses = () => useQuery(walletAddressesQuery);
