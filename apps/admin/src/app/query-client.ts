import { RequestError } from '@soar/client';
import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * Operators work on live queues: data is refetched on focus and kept fresh for 10 s. A decision
 * refused as a conflict (another operator decided first, the item moved on) refetches every
 * query, so the open drawer shows the item as it now stands instead of "Waiting".
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    onError: (error) => {
      if (error instanceof RequestError && error.status === 409) void queryClient.invalidateQueries();
    },
  }),
});
