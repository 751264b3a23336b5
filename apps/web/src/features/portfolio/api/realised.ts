import { call } from '@soar/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioKeys } from './keys.ts';

/** `GET portfolio/realised`: a year's realised P/L per symbol by FIFO and by average cost. */
export const useRealised = (year: number | undefined, currency: string) =>
  useQuery(
    queryOptions({
      queryKey: portfolioKeys.realised(year, currency),
      queryFn: ({ signal }) =>
        call('GET /portfolio/realised', { query: { currency, ...(year ? { year } : {}) } }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
