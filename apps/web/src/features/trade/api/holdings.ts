import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeKeys } from './keys.ts';

/** `GET order/holdings`: my open positions with the server's floating P/L, and totals per currency. */
export const holdingsQuery = queryOptions({
  queryKey: tradeKeys.holdings,
  queryFn: ({ signal }) => call('GET /order/holdings', {}, { signal }),
});
export const useHoldings = (enabled = true) => useQuery({ ...holdingsQuery, enabled });
