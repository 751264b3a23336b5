import { QueryClient } from '@tanstack/react-query';

/** Operators work on live queues: data is refetched on focus and kept fresh for 10 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
