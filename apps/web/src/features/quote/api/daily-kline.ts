import { call } from '@soar/client';
import type { ChartRange } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET market/kline/daily?symbol=&range=`: the daily bars of a chart range, with its high and low. */
export const getDailyKline = (symbol: string, range: ChartRange) =>
  call('GET /market/kline/daily', { query: { symbol, range } }, { toast: false });

export const dailyKlineQueryOptions = (symbol: string, range: ChartRange) =>
  queryOptions({
    queryKey: ['market', 'kline', 'daily', symbol, range],
    queryFn: () => getDailyKline(symbol, range),
    // Past days do not change; today's bar follows the socket while the chart shows it.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

/** The bars of `range`; the 1Y answer is also the quote's 52-week range. */
export const useDailyKline = (symbol: string, range: ChartRange | undefined) =>
  useQuery({ ...dailyKlineQueryOptions(symbol, range ?? '1Y'), enabled: symbol !== '' && range !== undefined });
