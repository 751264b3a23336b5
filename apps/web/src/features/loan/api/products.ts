import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loanKeys } from './keys.ts';

/** `GET loan/product/list`: the products offered and whether applying needs KYC. */
export const useLoanProducts = () =>
  useQuery(
    queryOptions({
      queryKey: loanKeys.products,
      queryFn: ({ signal }) => call('GET /loan/product/list', undefined, { signal }),
    }),
  );
