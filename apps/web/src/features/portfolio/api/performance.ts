import { call } from '@soar/client';
import type { PerformanceRange } from '@soar/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioKeys } from './keys.ts';

/** `GET portfolio/performance`: the equity curve, the time-weighted return against an index, allocation. */
export const performanceQuery = (range: PerformanceRange, benchmark: string, currency: string) =>
  queryOptions({
    queryKey: portfolioKeys.performance(range, benchmark, currency),
    queryFn: ({ signal }) => call('GET /portfolio/performance', { query: { range, benchmark, currency } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePerformance = (range: PerformanceRange, benchmark: string, currency: string, enabled = true) =>
  useQuery({ ...performanceQuery(range, benchmark, currency), enabled });
