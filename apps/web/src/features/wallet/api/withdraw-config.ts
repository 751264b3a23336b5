import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawConfig } from './types.ts';

export const getWithdrawConfig = () => call('GET /withdraw/config');

export const withdrawConfigQuery = queryOptions({
  queryKey: ['wallet', 'withdraw-config'],
  queryFn: getWithdrawConfig,
});
export const useWithdrawConfig = () => useQuery(withdrawConfigQuery);
