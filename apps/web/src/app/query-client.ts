import { RequestError } from '@soar/client';
import { QueryClient } from '@tanstack/react-query';

/** Server state: the request client already toasts failures, so queries retry only network trouble. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && error instanceof RequestError && error.status <= 0 && error.code !== 600003,
    },
    mutations: { retry: false },
  },
});
