import { call } from '@soar/client';
import type { BlockOfferStatus } from '@soar/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type Attempt, idempotencyHeaders } from '../../../shared/idempotency.ts';
import { nextPage, pageSize } from '../../../shared/paging.ts';

/** Query keys of block trades: an order invalidates `blocktrade` and the wallet's balance. */
export const blocktradeKeys = {
  all: ['blocktrade'] as const,
  offers: (status: BlockOfferStatus) => ['blocktrade', 'offers', status] as const,
  offer: (id: number) => ['blocktrade', 'offer', id] as const,
  preview: (offerId: number, quantity: number) => ['blocktrade', 'preview', offerId, quantity] as const,
  orders: () => ['blocktrade', 'orders'] as const,
};

// A discount offer's block price follows the last price: the list is asked again now and then.
const refetchInterval = 15_000;

/** `GET blocktrade/list`: one status's offers. */
export const useOffers = (status: BlockOfferStatus) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: blocktradeKeys.offers(status),
      queryFn: ({ pageParam, signal }) =>
        call('GET /blocktrade/list', { query: { page: pageParam, pageSize, status } }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      refetchInterval,
    }),
  );

/** `GET blocktrade/detail`. */
export const useOffer = (id: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: blocktradeKeys.offer(id ?? 0),
      queryFn: ({ signal }) => call('GET /blocktrade/detail', { query: { id: id ?? 0 } }, { signal }),
      enabled: id !== undefined,
      refetchInterval,
    }),
  );

/** `GET blocktrade/preview`: price, fee and total an order of `quantity` would freeze now. */
export const usePreview = (offerId: number | undefined, quantity: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: blocktradeKeys.preview(offerId ?? 0, quantity ?? 0),
      queryFn: ({ signal }) =>
        call(
          'GET /blocktrade/preview',
          { query: { offerId: offerId ?? 0, quantity: quantity ?? 0 } },
          { signal, loading: false, toast: false, prevent: false },
        ),
      enabled: offerId !== undefined && quantity !== undefined,
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );

/** `GET blocktrade/order/list`: my block orders, newest first. */
export const useBlockOrders = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: blocktradeKeys.orders(),
      queryFn: ({ pageParam, signal }) =>
        call('GET /blocktrade/order/list', { query: { page: pageParam, pageSize } }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );

export type BlockOrderBody = { offerId: number; quantity: number; payPassword: string };

/** `POST blocktrade/order` with its Idempotency-Key; refreshes offers, my orders and the balance. */
export function usePlaceBlockOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Attempt<BlockOrderBody>) =>
      call('POST /blocktrade/order', { body }, { headers: idempotencyHeaders(key) }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: blocktradeKeys.all }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
