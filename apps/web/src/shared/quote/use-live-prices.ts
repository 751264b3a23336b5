import type { Quote } from '@soar/contract';
import Decimal from 'decimal.js';
import { useEffect, useRef, useState } from 'react';
import { usePageActive } from '../page.ts';
import { realtime } from '../realtime/index.ts';
import { flashDuration } from './live-quote.ts';

/**
 * The last traded price of each symbol from its `quote:<SYMBOL>` topic, while the page is on
 * screen (a hidden, kept-alive tab stops listening). Symbols without a tick yet are absent.
 */
export function useLivePrices(symbols: string[]): Record<string, string> {
  const active = usePageActive();
  const [prices, setPrices] = useState<Record<string, string>>({});
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!active || !key) return;
    const stops = key.split(',').map((symbol) =>
      realtime.subscribe(`quote:${symbol}`, (data) => {
        const price = (data as Quote).price;
        setPrices((current) => (current[symbol] === price ? current : { ...current, [symbol]: price }));
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [active, key]);
  return prices;
}

export type Flash = 'up' | 'down' | undefined;

/** Which way a figure last moved, for 600 ms after it moved (the quotes' flash), and a key to restart the animation. */
export function useFlash(value: string | null | undefined): { flash: Flash; key: number } {
  const previous = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [state, setState] = useState<{ flash: Flash; key: number }>({ flash: undefined, key: 0 });
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before == null || value == null || before === value) return;
    const up = new Decimal(value).gt(before);
    setState((current) => ({ flash: up ? 'up' : 'down', key: current.key + 1 }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState((current) => ({ ...current, flash: undefined })), flashDuration);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return state;
}
