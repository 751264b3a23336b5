import { request } from '@soar/client';
import type { Quote } from '@soar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketKeys } from './keys.ts';

/** `GET market/index/list`: the global indices. */
export const getIndexList = () => request<Quote[]>({ url: 'market/index/list', loading: false });
export const indexListQuery = queryOptions({ queryKey: marketKeys.indexList, queryFn: getIndexList });
export const useIndexList = () => useQuery(indexListQuery);
