import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeKeys } from './keys.ts';

/** `GET market/status/list`: each market open, on a break or closed, and when that changes. */
export const marketStatusQuery = queryOptions({
  queryKey: tradeKeys.marketStatus,
  queryFn: ({ signal }) => call('GET /market/status/list', {}, { signal }),
  refetchInterval: 60_000,
});

export function useMarketStatus(market: string | undefined) {
  const statuses = useQuery({ ...marketStatusQuery, enabled: market !== undefined });
  return statuses.data?.find((status) => status.kind === 'market' && status.key === market);
}
