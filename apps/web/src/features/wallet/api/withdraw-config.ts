import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getWithdrawConfig = () => call('GET /withdraw/config');

export const withdrawConfigQuery = queryOptions({
  queryKey: ['wallet', 'withdraw-config'],
  queryFn: getWithdrawConfig,
});
export const useWithdrawConfig = () => useQuery(withdrawConfigQuery);
