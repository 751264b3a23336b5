import { useEffect, useRef } from 'react';
import { RealtimeClient } from './socket.ts';

let tokenSource: () => string | null = () => null;
let languageSource: () => string = () => 'en';

/** The app's one socket (DESIGN section 6); `app/` tells it where the token and language live. */
export const realtime = new RealtimeClient({
  url: () => {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${protocol}//${window.location.host}/api/v1/ws?lang=${encodeURIComponent(languageSource())}`;
  },
  token: () => tokenSource(),
});

export function configureRealtime(sources: { token: () => string | null; language: () => string }): void {
  tokenSource = sources.token;
  languageSource = sources.language;
}

/**
 * Listens to a topic while the component is mounted: `quote:AAPL`, `kline:AAPL:1m`, or a user
 * topic (`balance`). The latest listener is always called; changing it does not resubscribe.
 */
export function useTopic<T = unknown>(topic: string | null, listener: (data: T) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!topic) return;
    return realtime.subscribe(topic, (data) => latest.current(data as T));
  }, [topic]);
}
