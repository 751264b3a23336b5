import { call } from '@soar/client';
import type { CryptoNetwork } from '@soar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../shared/realtime/index.ts';
import { browserTimezone } from './deposit-records.ts';

/** `GET deposit/address`: the member's own address on a network (made on the first ask), or none. */
export const depositAddressQuery = (network: CryptoNetwork) =>
  queryOptions({
    queryKey: ['wallet', 'deposit-address', network],
    queryFn: () =>
      call('GET /deposit/address', { query: { network } }, { headers: { 'x-timezone': browserTimezone() } }),
  });
export const useDepositAddress = (network: CryptoNetwork) => useQuery(depositAddressQuery(network));

/**
 * Keeps deposits seen on chain live while mounted: each confirmation, credit or drop arrives on
 * the member's `deposits` topic and refreshes the address page and the deposit records.
 */
export function useLiveDeposits() {
  const client = useQueryClient();
  useTopic('deposits', () => {
    void client.invalidateQueries({ queryKey: ['wallet', 'deposit-address'] });
    void client.invalidateQueries({ queryKey: ['wallet', 'deposit-records'] });
    void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
  });
}
