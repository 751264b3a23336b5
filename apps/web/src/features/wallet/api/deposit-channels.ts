import { call } from '@soar/client';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getDepositChannels = () => call('GET /deposit/channel/list');

export const depositChannelsQuery = queryOptions({
  queryKey: ['wallet', 'deposit-channels'],
  queryFn: getDepositChannels,
});
export const useDepositChannels = () => useQuery(depositChannelsQuery);
