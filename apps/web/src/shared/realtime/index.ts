import { apiPrefix } from '@soar/client';
import { useEffect, useRef } from 'react';
import { RealtimeClient } from './socket.ts';

let tokenSource: () => string | null = () => null;
let languageSource: () => string = () => 'en';

/** The app tells the socket where the token and language live (app/configure-client.ts). */
export function configureRealtime(sources: { token: () => string | null; language: () => string }): void {
  tokenSource = sources.token;
  languageSource = sources.language;
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
 * The app's one WebSocket (docs/web.md). It opens with the first subscription, not at start;
 * when the server refuses it, it retries with backoff and says nothing (no toast, no error).
 */
export const realtime = new RealtimeClient({
  url: () => `${realtimeUrl()}?lang=${encodeURIComponent(languageSource())}`,
  token: () => tokenSource(),
  // 0.5-1 s, 1-2 s, 2-4 s ... up to a minute.
  backoffMs: (attempt) => Math.min(60_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2),
});

/**
 * Listens to a topic while the component is mounted: `quote:AAPL`, `kline:AAPL:1m`, or a user
 * topic (`balance`). The latest listener is always called; changing it does not resubscribe.
 */
export function useTopic<T = unknown>(topic: string | null | undefined, listener: (data: T) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!topic) return;
    return realtime.subscribe(topic, (data) => latest.current(data as T));
  }, [topic]);
}
