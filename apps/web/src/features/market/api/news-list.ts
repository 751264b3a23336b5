import { request } from '@soar/client';
import type { NewsItem } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

type NewsPage = { list: NewsItem[]; total: number; page: number; pageSize: number };

/** `GET news/list`: the newest articles first. */
export const getNewsList = (pageSize: number) =>
  request<NewsPage>({ url: 'news/list', query: { page: 1, pageSize }, loading: false });

export const newsListQuery = (pageSize: number) =>
  queryOptions({ queryKey: marketKeys.newsList(pageSize), queryFn: () => getNewsList(pageSize) });

export const useNewsList = (pageSize: number) => useQuery(newsListQuery(pageSize));
