import { request } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `POST watchlist/sort`: the symbols in their new order. */
export const sortWatchlist = (symbols: string[]) =>
  request<null>({ url: 'watchlist/sort', method: 'POST', data: { symbols }, loading: false });

export function useSortWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sortWatchlist,
    onSettled: () => client.invalidateQueries({ queryKey: marketKeys.watchlist }),
  });
}
