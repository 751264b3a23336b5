import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `GET market/popular`: up to 12 well-known stocks. */
export const getPopular = () => call('GET /market/popular', undefined, { loading: false });
export const popularQuery = queryOptions({ queryKey: marketKeys.popular, queryFn: getPopular });
export const usePopular = () => useQuery(popularQuery);
