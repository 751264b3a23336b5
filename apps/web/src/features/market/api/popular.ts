import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `GET market/popular`: up to 12 well-known stocks. */
export const getPopular = () => request<Quote[]>({ url: 'market/popular', loading: false });
export const popularQuery = queryOptions({ queryKey: marketKeys.popular, queryFn: getPopular });
export const usePopular = () => useQuery(popularQuery);
