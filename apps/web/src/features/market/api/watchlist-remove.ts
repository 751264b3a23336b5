import { request } from '@soar/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `POST watchlist/remove`: drops the given symbols. */
export const removeFromWatchlist = (symbols: string[]) =>
  request<null>({ url: 'watchlist/remove', method: 'POST', data: { symbols } });

export function useRemoveFromWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFromWatchlist,
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.watchlist }),
  });
}
