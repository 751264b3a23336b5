import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeKeys } from './keys.ts';

/** `GET order/detail?id=`: one of my orders with its fill reason, its position and the closes. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: tradeKeys.detail(id),
    queryFn: ({ signal }) => call('GET /order/detail', { query: { id } }, { signal }),
  });
export const useOrderDetail = (id: number | undefined) =>
  useQuery({ ...orderDetailQuery(id ?? 0), enabled: id !== undefined });
