import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `GET watchlist/list` (member): my watched quotes in my order. */
export const getWatchlist = () => request<Quote[]>({ url: 'watchlist/list', loading: false });
export const watchlistQuery = queryOptions({ queryKey: marketKeys.watchlist, queryFn: getWatchlist });
export const useWatchlist = (enabled = true) => useQuery({ ...watchlistQuery, enabled });
