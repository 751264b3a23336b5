import { call } from '@soar/client';
import type { KlineInterval } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET market/kline?symbol=&interval=&limit=`: the newest bars, ascending, the open bar included. */
export const getKline = (symbol: string, interval: KlineInterval, limit: number) =>
  call('GET /market/kline', { query: { symbol, interval, limit } }, { toast: false });

export const klineQueryOptions = (symbol: string, interval: KlineInterval, limit: number) =>
  queryOptions({
    queryKey: ['market', 'kline', symbol, interval, limit],
    queryFn: () => getKline(symbol, interval, limit),
    // Live bars arrive over the socket; a fresh load happens when the chart mounts again.
    staleTime: 0,
    gcTime: 60_000,
  });

export const useKline = (symbol: string, interval: KlineInterval, limit: number, enabled = true) =>
  useQuery({ ...klineQueryOptions(symbol, interval, limit), enabled: enabled && symbol !== '' });
