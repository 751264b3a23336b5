import { call } from '@soar/client';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../shared/realtime/index.ts';
import { portfolioKeys } from './keys.ts';

/** `GET portfolio/account`: the authoritative account value; the page moves it between answers. */
export const accountQuery = (currency: string) =>
  queryOptions({
    queryKey: portfolioKeys.account(currency),
    queryFn: ({ signal }) => call('GET /portfolio/account', { query: { currency } }, { signal }),
    // Between ticks the page recomputes; the server's figure is asked for again now and then.
    refetchInterval: 30_000,
  });

/** The account value, asked again when the member's balances or orders change. */
export function useAccountValue(currency: string, enabled = true) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: portfolioKeys.all });
  useTopic(enabled ? 'balance' : null, refresh);
  useTopic(enabled ? 'orders' : null, refresh);
  return useQuery({ ...accountQuery(currency), enabled });
}
