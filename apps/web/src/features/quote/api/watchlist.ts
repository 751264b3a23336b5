import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** `GET watchlist/list` (member): the watched quotes, in the member's order. */
export const getWatchlist = () => request<Quote[]>({ url: 'watchlist/list', toast: false });

// Every watchlist query lives under the `watchlist` key, so one invalidation refreshes them all.
export const watchlistQueryOptions = () => queryOptions({ queryKey: ['watchlist', 'list'], queryFn: getWatchlist });

export const useWatchlist = (enabled: boolean) => useQuery({ ...watchlistQueryOptions(), enabled });

/** `POST watchlist/add {symbol}` or `POST watchlist/remove {symbols}`. */
export const setWatched = (symbol: string, watched: boolean) =>
  watched
    ? request<null>({ url: 'watchlist/add', method: 'POST', data: { symbol } })
    : request<null>({ url: 'watchlist/remove', method: 'POST', data: { symbols: [symbol] } });

export function useSetWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, watched }: { symbol: string; watched: boolean }) => setWatched(symbol, watched),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
  });
}
