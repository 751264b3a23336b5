import { call, RequestError } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../realtime/index.ts';

/** `GET market/quote/detail?symbol=`: one stock or index; 404 `SYMBOL_NOT_FOUND` is the caller's to show. */
export const getQuoteDetail = (symbol: string) =>
  call('GET /market/quote/detail', { query: { symbol } }, { loading: false, toast: false });

export const isNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;

export const quoteDetailQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'quote', 'detail', symbol],
    queryFn: () => getQuoteDetail(symbol),
    enabled: symbol !== '',
    retry: (count, error) => !isNotFound(error) && count < 2,
  });

/** The quote, kept current in the query cache by the `quote:<SYMBOL>` topic while mounted. */
export function useQuoteDetail(symbol: string) {
  const queryClient = useQueryClient();
  const query = useQuery(quoteDetailQuery(symbol));
  useTopic<Quote>(symbol && query.data ? `quote:${query.data.symbol}` : null, (quote) => {
    queryClient.setQueryData(quoteDetailQuery(symbol).queryKey, quote);
  });
  return query;
}
