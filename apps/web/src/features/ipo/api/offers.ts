import { call } from '@soar/client';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPage, pageSize } from '../../../shared/paging.ts';
import { ipoKeys } from './keys.ts';

export type OfferListState = 'open' | 'upcoming' | 'closed' | 'listed';

/** `GET ipo/list`: one state's offers. */
export const offersQuery = (state?: OfferListState) =>
  infiniteQueryOptions({
    queryKey: ipoKeys.offers(state),
    queryFn: ({ pageParam, signal }) =>
      call('GET /ipo/list', { query: { page: pageParam, pageSize, ...(state ? { state } : {}) } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useOffers = (state?: OfferListState) => useInfiniteQuery(offersQuery(state));

/** `GET ipo/detail`. */
export const useOffer = (id: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ipoKeys.offer(id ?? 0),
      queryFn: ({ signal }) => call('GET /ipo/detail', { query: { id: id ?? 0 } }, { signal }),
      enabled: id !== undefined,
    }),
  );

/** `GET ipo/subscription/list`: my subscriptions, newest first. */
export const subscriptionsQuery = () =>
  infiniteQueryOptions({
    queryKey: ipoKeys.subscriptions(),
    queryFn: ({ pageParam, signal }) =>
      call('GET /ipo/subscription/list', { query: { page: pageParam, pageSize } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useSubscriptions = () => useInfiniteQuery(subscriptionsQuery());

/** My live application to one offer (`GET ipo/subscription/list?offerId=`), or undefined. */
export const useMySubscription = (offerId: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: [...ipoKeys.subscriptions(), 'offer', offerId ?? 0] as const,
      queryFn: async ({ signal }) => {
        const page = await call('GET /ipo/subscription/list', { query: { offerId: offerId ?? 0 } }, { signal });
        return page.list[0] ?? null;
      },
      enabled: offerId !== undefined,
    }),
  );
