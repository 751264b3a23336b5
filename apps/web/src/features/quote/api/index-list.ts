import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `GET market/index/list`: the quotes of the global indices; `market` is the index's country. */
export const getIndexList = () => request<Quote[]>({ url: 'market/index/list' });

export const indexListQueryOptions = () =>
  queryOptions({ queryKey: ['market', 'index', 'list'], queryFn: getIndexList, staleTime: 30_000 });

export const useIndexList = () => useQuery(indexListQueryOptions());
