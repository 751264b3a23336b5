import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET market/index/list`: the global indices; an index's `market` is its country. */
export const getIndexList = () => call('GET /market/index/list', undefined, { loading: false });

export const indexListQuery = queryOptions({
  queryKey: ['market', 'index', 'list'],
  queryFn: getIndexList,
  staleTime: 30_000,
});

export const useIndexList = () => useQuery(indexListQuery);
