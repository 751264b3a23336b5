import { call, download, uploadTo } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nextPage, pageSize } from '../../shared/paging.ts';
import { useTopic } from '../../shared/realtime/index.ts';

export type KycInfo = ApiData<'GET /kyc/info'>;
export type Thread = ApiData<'GET /support/message/list'>;
export type Message = Thread['list'][number];

export const unreadKey = ['identity', 'notice', 'unread'] as const;
export const noticesKey = ['identity', 'notice', 'list'] as const;
export const kycKey = ['identity', 'kyc'] as const;
const threadKey = ['identity', 'support'] as const;

/** The unread count of the inbox, kept live by the member's `notice` topic. */
export function useUnreadNotices(isLogined: boolean) {
  const client = useQueryClient();
  useTopic(isLogined ? 'notice' : null, () => {
    void client.invalidateQueries({ queryKey: ['identity', 'notice'] });
    void client.invalidateQueries({ queryKey: kycKey });
  });
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => call('GET /notice/unread', {}, { toast: false }),
    enabled: isLogined,
  });
}

export function useNotices(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: noticesKey,
    queryFn: ({ pageParam }) => call('GET /notice/list', { query: { page: pageParam, pageSize } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export async function readNotices(body: { id: number } | { all: true }) {
  return call('POST /notice/read', { body });
}

export const useKycInfo = () => useQuery({ queryKey: kycKey, queryFn: () => call('GET /kyc/info') });

export const uploadImage = (file: Blob, onProgress: (percent: number) => void) =>
  uploadTo('POST /upload', { file, onProgress });

// Support chat

const guestStorageKey = 'soar-support-guest';

/** A guest's chat key: 128 random bits made once by this browser and kept in local storage. */
export function guestId(): string {
  const stored = localStorage.getItem(guestStorageKey);
  if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  localStorage.setItem(guestStorageKey, made);
  return made;
}

/** After login: the chat this browser had as a guest joins the account, once. */
export function useJoinGuestChat(isLogined: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    const stored = localStorage.getItem(guestStorageKey);
    if (!isLogined || !stored) return;
    call('POST /support/guest/join', { body: { guestId: stored } }, { toast: false })
      .then(() => {
        localStorage.removeItem(guestStorageKey);
        void client.invalidateQueries({ queryKey: threadKey });
      })
      .catch(() => undefined);
  }, [isLogined, client]);
}

/** The chat, live: members on their `support` topic, guests on the topic of their key. */
export function useThread(isLogined: boolean, open: boolean) {
  const client = useQueryClient();
  const key = [...threadKey, isLogined ? 'member' : 'guest'];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      isLogined
        ? call('GET /support/message/list', { query: { limit: 100 } })
        : call('GET /support/guest/message/list', { query: { guestId: guestId(), limit: 100 } }),
    enabled: open,
  });
  useTopic<Message>(open ? (isLogined ? 'support' : `support:guest:${guestId()}`) : null, (message) => {
    client.setQueryData<Thread>(key, (thread) => {
      const list = thread?.list ?? [];
      if (list.some((item) => item.id === message.id)) return thread;
      return { conversationId: message.conversationId, unread: 0, list: [...list, message] };
    });
  });
  return query;
}

export async function sendMessage(isLogined: boolean, body: { text?: string; image?: string }) {
  if (isLogined) return call('POST /support/message/send', { body });
  return call('POST /support/guest/message/send', { body: { guestId: guestId(), text: body.text ?? '' } });
}

export const useDocument = (name: ApiData<'GET /document'>['name'], language: string) =>
  useQuery({
    queryKey: ['identity', 'document', name, language],
    queryFn: () => call('GET /document', { query: { name } }),
  });

/** An uploaded image as an object URL: `GET upload/:id` needs the bearer token, an `<img>` cannot send it. */
export function useUploadedImage(id: string | null | undefined) {
  const query = useQuery({
    queryKey: ['identity', 'image', id],
    queryFn: async () => URL.createObjectURL(await download({ url: `upload/${id}` })),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}
