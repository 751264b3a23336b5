import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/client.ts';
import type { WithdrawConfig } from './types.ts';

export const getWithdrawConfig = () => request<WithdrawConfig>({ url: 'withdraw/config' });

export const withdrawConfigQuery = queryOptions({
  queryKey: ['wallet', 'withdraw-config'],
  queryFn: getWithdrawConfig,
});
export const useWithdrawConfig = () => useQuery(withdrawConfigQuery);
