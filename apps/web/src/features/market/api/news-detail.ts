import { request } from '@soar/client';
import type { NewsItem } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

export type NewsDetail = NewsItem & { body: string };

/** `GET news/detail?id=`: an article in the request's language when translated. */
export const getNewsDetail = (id: string) =>
  request<NewsDetail>({ url: 'news/detail', query: { id }, loading: false, toast: false });

export const newsDetailQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.newsDetail(id),
    queryFn: () => getNewsDetail(id),
    enabled: /^\d+$/.test(id),
    retry: false,
  });

export const useNewsDetail = (id: string) => useQuery(newsDetailQuery(id));
