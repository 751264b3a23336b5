import { call } from '@soar/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const getWithdrawalHold = () => call('GET /withdraw/hold');

export const withdrawalHoldQuery = queryOptions({
  queryKey: ['wallet', 'withdrawal-hold'],
  queryFn: getWithdrawalHold,
});
export const useWithdrawalHold = () => useQuery(withdrawalHoldQuery);

export const setAllowList = (body: { enabled: boolean; payPassword: string }) =>
  call('POST /withdraw/allow-list', { body });

export function useSetAllowList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAllowList,
    onSuccess: (answer) => client.setQueryData(withdrawalHoldQuery.queryKey, answer),
  });
}
