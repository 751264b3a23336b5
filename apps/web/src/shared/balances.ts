import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET wallet/balance`, under the wallet's query key, so any money movement refreshes it everywhere. */
export const walletBalancesQuery = queryOptions({
  queryKey: ['wallet', 'balance'],
  queryFn: () => call('GET /wallet/balance', { query: {} }),
});

export function useAvailable(currency: string | undefined, enabled: boolean) {
  const balances = useQuery({ ...walletBalancesQuery, enabled });
  return balances.data?.list.find((item) => item.currency === currency)?.available;
}
