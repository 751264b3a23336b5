import { request } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balances } from './types.ts';

export const getBalances = () => request<Balances>({ url: 'wallet/balance' });

export const balancesQuery = queryOptions({ queryKey: ['wallet', 'balance'], queryFn: getBalances });
export const useBalances = () => useQuery(balancesQuery);
