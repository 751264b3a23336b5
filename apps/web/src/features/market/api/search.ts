import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

export type SearchResult = ApiData<'GET /search'>;

/** `GET search?q=`: stocks and news; the server ignores case and accents. */
export const getSearch = (q: string, signal?: AbortSignal) =>
  call('GET /search', { query: { q } }, { loading: false, signal });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: marketKeys.search(q),
    queryFn: ({ signal }) => getSearch(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

export const useSearch = (q: string) => useQuery(searchQuery(q));
