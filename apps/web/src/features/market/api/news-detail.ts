import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

export type NewsDetail = ApiData<'GET /news/detail'>;

/** `GET news/detail?id=`: an article in the request's language when translated. */
export const getNewsDetail = (id: string) =>
  call('GET /news/detail', { query: { id } }, { loading: false, toast: false });

export const newsDetailQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.newsDetail(id),
    queryFn: () => getNewsDetail(id),
    enabled: /^\d+$/.test(id),
    retry: false,
  });

export const useNewsDetail = (id: string) => useQuery(newsDetailQuery(id));
