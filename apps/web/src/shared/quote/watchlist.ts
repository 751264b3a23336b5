import { call } from '@soar/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every watchlist query lives under this key, so one invalidation refreshes them all. */
export const watchlistKey = ['watchlist', 'list'] as const;

/** `GET watchlist/list` (member): my watched quotes in my order. */
export const getWatchlist = () => call('GET /watchlist/list', undefined, { loading: false, toast: false });
export const watchlistQuery = queryOptions({ queryKey: watchlistKey, queryFn: getWatchlist });
export const useWatchlist = (enabled = true) => useQuery({ ...watchlistQuery, enabled });

/** `POST watchlist/add`: appends a symbol; adding it again changes nothing. */
export const addToWatchlist = (symbol: string) => call('POST /watchlist/add', { body: { symbol } });

/** `POST watchlist/remove`: drops the given symbols. */
export const removeFromWatchlist = (symbols: string[]) => call('POST /watchlist/remove', { body: { symbols } });

/** `POST watchlist/sort`: the symbols in their new order. */
export const sortWatchlist = (symbols: string[]) =>
  call('POST /watchlist/sort', { body: { symbols } }, { loading: false });

function useWatchlistWrite<T>(write: (input: T) => Promise<null>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => client.invalidateQueries({ queryKey: watchlistKey }) });
}

export const useAddToWatchlist = () => useWatchlistWrite(addToWatchlist);
export const useRemoveFromWatchlist = () => useWatchlistWrite(removeFromWatchlist);
export const useSortWatchlist = () => useWatchlistWrite(sortWatchlist);
