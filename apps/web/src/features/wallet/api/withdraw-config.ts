import { request } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawConfig } from './types.ts';

export const getWithdrawConfig = () => request<WithdrawConfig>({ url: 'withdraw/config' });

export const withdrawConfigQuery = queryOptions({
  queryKey: ['wallet', 'withdraw-config'],
  queryFn: getWithdrawConfig,
});
export const useWithdrawConfig = () => useQuery(withdrawConfigQuery);
