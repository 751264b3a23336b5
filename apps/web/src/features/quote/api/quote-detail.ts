import { RequestError, request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../shared/realtime/index.ts';

/** `GET market/quote/detail?symbol=`: one stock or index; 404 `SYMBOL_NOT_FOUND` is shown by the page. */
export const getQuoteDetail = (symbol: string) =>
  request<Quote>({ url: 'market/quote/detail', query: { symbol }, toast: false });

export const quoteDetailQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'quote', symbol],
    queryFn: () => getQuoteDetail(symbol),
    retry: (count, error) => !(error instanceof RequestError && error.status === 404) && count < 2,
  });

/** The quote, kept current by the `quote:<SYMBOL>` topic while the component is mounted. */
export function useLiveQuote(symbol: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...quoteDetailQueryOptions(symbol), enabled: symbol !== '' });
  useTopic<Quote>(symbol && query.data ? `quote:${query.data.symbol}` : null, (quote) => {
    queryClient.setQueryData(quoteDetailQueryOptions(symbol).queryKey, quote);
  });
  return query;
}

export const isNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;
