import type { Quote } from '@soar/contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePageActive } from '../page.ts';
import { realtime } from '../realtime/index.ts';
import { quoteDetailQuery } from './quote-detail.ts';

export type FeedPause = Pick<Quote, 'stale' | 'lastMessageAt'>;
type Held = { symbol: string; market: string };

/**
 * Which of the markets of `held` have a silent feed now (docs/market.md, Stale feeds), each with
 * its last message: a market's quotes are all stale or all live. One quote per market says so at
 * first; then every tick of a held symbol while the page is on screen (the server sends each
 * quote of a market again when its feed flips).
 */
export function usePausedMarkets(held: Held[]): Record<string, FeedPause> {
  const active = usePageActive();
  const firstOf = new Map<string, string>();
  for (const { symbol, market } of [...held].sort((a, b) => a.symbol.localeCompare(b.symbol)))
    if (!firstOf.has(market)) firstOf.set(market, symbol);
  const asked = useQueries({
    queries: [...firstOf.values()].map((symbol) => ({
      ...quoteDetailQuery(symbol),
      // Asked again when the page comes back on screen: what was heard while away is dropped.
      enabled: active,
      staleTime: 15_000,
    })),
  });
  const [heard, setHeard] = useState<Record<string, FeedPause>>({});
  const symbols = [...new Set(held.map((item) => item.symbol))].sort().join(',');
  useEffect(() => {
    if (!active || !symbols) return;
    const stops = symbols.split(',').map((symbol) =>
      realtime.subscribe(`quote:${symbol}`, (data) => {
        const { market, stale, lastMessageAt } = data as Quote;
        setHeard((current) => {
          const known = current[market];
          if (known && known.stale === stale && (!stale || known.lastMessageAt === lastMessageAt)) return current;
          return { ...current, [market]: { stale, lastMessageAt } };
        });
      }),
    );
    return () => {
      for (const stop of stops) stop();
      setHeard({});
    };
  }, [active, symbols]);
  const paused: Record<string, FeedPause> = {};
  for (const quote of asked.map((query) => query.data))
    if (quote?.stale && !heard[quote.market]) paused[quote.market] = quote;
  for (const [market, pause] of Object.entries(heard)) if (pause.stale && firstOf.has(market)) paused[market] = pause;
  return paused;
}
