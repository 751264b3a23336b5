import { call, RequestError } from '@soar/client';
import type { OrderInput } from '@soar/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tradeKeys } from './keys.ts';

/**
 * `POST order/preview`: what the order would cost and risk. A read, so it neither blocks the
 * screen nor toasts: the ticket shows a refusal under the figures.
 */
export const previewQuery = (input: OrderInput) =>
  queryOptions({
    queryKey: tradeKeys.preview(input),
    queryFn: ({ signal }) =>
      call('POST /order/preview', { body: input }, { signal, loading: false, toast: false, prevent: false }),
    retry: (count, error) => !(error instanceof RequestError && error.status < 500) && count < 2,
    staleTime: 5_000,
  });

/** The preview of the ticket as it stands, kept while the next one loads; none while the ticket is incomplete. */
export const usePreview = (input: OrderInput | undefined) =>
  useQuery({
    ...previewQuery(input ?? ({} as OrderInput)),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const errorMessages = (error: unknown): string[] =>
  error instanceof RequestError ? (error.messages.length ? error.messages : [error.message]) : [];
