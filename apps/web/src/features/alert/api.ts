import { call } from '@soar/client';
import type { AlertCreateBody, AlertUpdateBody } from '@soar/contract';
import {
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { nextPage, pageSize } from '../../shared/paging.ts';
import { useTopic } from '../../shared/realtime/index.ts';

/** Query keys of price alerts: any change of mine invalidates `alert`. */
export const alertKeys = {
  all: ['alert'] as const,
  list: (symbol?: string) => ['alert', 'list', symbol ?? 'all'] as const,
  history: ['alert', 'history'] as const,
};

const invalidateAlerts = (client: QueryClient) => client.invalidateQueries({ queryKey: alertKeys.all });

export const alertListQuery = (symbol?: string) =>
  queryOptions({
    queryKey: alertKeys.list(symbol),
    queryFn: ({ signal }) => call('GET /alert/list', { query: symbol ? { symbol } : {} }, { signal }),
  });

/**
 * `GET alert/list`: my alerts (of one symbol), newest first. A fired alert arrives as a notice, so
 * the member's `notice` topic asks again (its status, fired count and last firing change).
 */
export function useAlerts(symbol?: string, enabled = true) {
  const client = useQueryClient();
  useTopic(enabled ? 'notice' : null, () => void invalidateAlerts(client));
  return useQuery({ ...alertListQuery(symbol), enabled });
}

/** `GET alert/history`: my fired alerts, newest first, paged. */
export const useAlertHistory = () =>
  useInfiniteQuery({
    queryKey: alertKeys.history,
    queryFn: ({ pageParam, signal }) =>
      call('GET /alert/history', { query: { page: pageParam, pageSize } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/**
 * `POST alert/create`. The sheet shows a refusal of the value under its field, so the client's
 * toast is off here; the sheet toasts the others itself.
 */
export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertCreateBody) => call('POST /alert/create', { body }, { toast: false }),
    onSettled: () => invalidateAlerts(client),
  });
}

/** `POST alert/update`: a new value, how often, or pause (`active: false`) and arm again. */
export function useUpdateAlert({ toast = true }: { toast?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertUpdateBody) => call('POST /alert/update', { body }, { toast }),
    onSettled: () => invalidateAlerts(client),
  });
}

/** `POST alert/delete`: the alert goes, its history stays. */
export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /alert/delete', { body: { id } }),
    onSettled: () => invalidateAlerts(client),
  });
}
