import { request } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `POST watchlist/add`: appends a symbol; adding it again changes nothing. */
export const addToWatchlist = (symbol: string) =>
  request<null>({ url: 'watchlist/add', method: 'POST', data: { symbol } });

export function useAddToWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToWatchlist,
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.watchlist }),
  });
}
