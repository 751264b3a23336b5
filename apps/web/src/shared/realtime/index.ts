import { useEffect, useRef } from 'react';
import { apiPrefix } from '../api/client.ts';
import { RealtimeClient } from './socket.ts';

let tokenSource: () => string | undefined = () => undefined;

/** The app hands over the session token (app/configure-client.ts); shared code does not read features. */
export function setRealtimeToken(source: () => string | undefined): void {
  tokenSource = source;
}

/** `ws(s)://<host>/api/v1/ws`, or the API base URL's host when one is configured. */
export function realtimeUrl(
  base: string = import.meta.env.VITE_API_BASE_URL ?? '',
  location: Location = window.location,
) {
  const origin = base ? new URL(base, location.href) : new URL(location.href);
  const scheme = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${origin.host}${apiPrefix}/ws`;
}

/**
 * The app's one WebSocket. It opens with the first subscription, not at start; when the server
 * refuses it, it retries with backoff and says nothing (no toast, no error).
 */
export const realtime = new RealtimeClient({
  url: () => realtimeUrl(),
  token: () => tokenSource() ?? null,
  // 0.5-1 s, 1-2 s, 2-4 s ... up to a minute: a server without the socket costs a handful of
  // attempts (the browser logs each refused handshake itself) and then one a minute at most.
  backoffMs: (attempt) => Math.min(60_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2),
});

/** Listens to `topic` while the component is mounted; the latest `listener` is called. */
export function useTopic(topic: string | undefined, listener: (data: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!topic) return;
    return realtime.subscribe(topic, (data) => latest.current(data));
  }, [topic]);
}
