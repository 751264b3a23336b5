import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `GET news/list`: the newest articles first. */
export const getNewsList = (pageSize: number) =>
  call('GET /news/list', { query: { page: 1, pageSize } }, { loading: false });

export const newsListQuery = (pageSize: number) =>
  queryOptions({ queryKey: marketKeys.newsList(pageSize), queryFn: () => getNewsList(pageSize) });

export const useNewsList = (pageSize: number) => useQuery(newsListQuery(pageSize));
