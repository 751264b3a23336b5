import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type QuoteInput = { from: string; to: string; amount: string };

export const getTransferQuote = (input: QuoteInput) => call('GET /transfer/quote', { query: input }, { toast: false });

/** A live quote: refreshed every 15 s while shown, since rates move. */
export const transferQuoteQuery = (input: QuoteInput | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'transfer-quote', input],
    queryFn: () => getTransferQuote(input as QuoteInput),
    enabled: input !== undefined,
    refetchInterval: 15_000,
  });
export const useTransferQuote = (input: QuoteInput | undefined) => useQuery(transferQuoteQuery(input));
