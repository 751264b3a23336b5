import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quantKeys } from './keys.ts';

/** The first funds on sale, for the home page's funds section. */
export const useFundsOnSale = (count: number) =>
  useQuery(
    queryOptions({
      queryKey: [...quantKeys.funds('onSale'), 'first', count],
      queryFn: ({ signal }) =>
        call('GET /quant/list', { query: { state: 'onSale', page: 1, pageSize: count } }, { signal, loading: false }),
    }),
  );
