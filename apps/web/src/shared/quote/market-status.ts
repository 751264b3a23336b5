import { call } from '@soar/client';
import type { MarketStatus, Quote } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET market/status/list`: each market and index, open, on a break or closed, and when that changes. */
export const marketStatusQuery = queryOptions({
  queryKey: ['market', 'status', 'list'],
  queryFn: () => call('GET /market/status/list', undefined, { loading: false, toast: false }),
  staleTime: 30_000,
  // The state changes at the times the list names; a minute is close enough for a label.
  refetchInterval: 60_000,
});

export const useMarketStatusList = () => useQuery(marketStatusQuery);

/** A stock follows its market's sessions; an index its own. */
export function statusOf(list: MarketStatus[] | undefined, quote: Pick<Quote, 'kind' | 'market' | 'symbol'>) {
  const key = quote.kind === 'index' ? quote.symbol : quote.market;
  return list?.find((status) => status.key === key);
}

export function useMarketStatus(key: string | undefined) {
  const list = useMarketStatusList();
  return key ? list.data?.find((status) => status.key === key) : undefined;
}
