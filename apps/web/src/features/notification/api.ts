import { call } from '@soar/client';
import type { ApiData, NotificationChannel, NotificationKind } from '@soar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

export type NotificationSettings = ApiData<'GET /notification/settings'>;

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['notification', 'settings'],
    queryFn: () => call('GET /notification/settings', {}, { loading: false }),
  });
export const useNotificationSettings = () => useQuery(notificationSettingsQuery());

/** `POST notification/settings` with one channel of one kind; the answer replaces the cached settings. */
export function useSaveNotificationSetting() {
  const client = useQueryClient();
  return async (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    const answer = await call(
      'POST /notification/settings',
      { body: { [kind]: { [channel]: on } } },
      { loading: false },
    );
    client.setQueryData(notificationSettingsQuery().queryKey, answer);
    return answer;
  };
}

/** `POST notification/unsubscribe`: the link of a notification mail; no sign-in needed. */
export const unsubscribeByLink = (token: string) =>
  call('POST /notification/unsubscribe', { query: { token }, body: {} }, { toast: false });
