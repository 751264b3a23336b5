import type { Quote } from '@soar/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePageActive } from '../page.ts';
import { useTopic } from '../realtime/index.ts';
import { comparePrices } from './format.ts';

export type Flash = 'up' | 'down' | undefined;

/** How long a price stays highlighted after it moves. */
export const flashDuration = 600;

/**
 * Which way the price last moved, for the flash; `key` changes with each move so the animation
 * restarts. Prices are compared as decimal text, no floats.
 */
export function usePriceFlash(price: string): { flash: Flash; flashKey: number } {
  const previous = useRef(price);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [state, setState] = useState<{ flash: Flash; key: number }>({ flash: undefined, key: 0 });
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const order = comparePrices(price, before);
    if (order === 0) return;
    setState((current) => ({ flash: order > 0 ? 'up' : 'down', key: current.key + 1 }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState((current) => ({ ...current, flash: undefined })), flashDuration);
  }, [price]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { flash: state.flash, flashKey: state.key };
}

/**
 * A quote kept live by its `quote:<SYMBOL>` topic while the page is on screen, and which way the
 * last move went (for the price flash). A hidden, kept-alive tab page does not listen, nor does a
 * row scrolled out of view (a socket carries at most 100 topics).
 */
export function useLiveQuote(
  initial: Quote,
  element?: RefObject<Element | null>,
): { quote: Quote; flash: Flash; flashKey: number } {
  const active = usePageActive();
  const visible = useInView(element);
  // A frame counts for the quote it arrived over: a refetched list brings a newer initial quote.
  const [live, setLive] = useState<{ from: Quote; quote: Quote } | null>(null);
  useTopic<Quote>(active && visible ? `quote:${initial.symbol}` : null, (quote) => setLive({ from: initial, quote }));
  const quote = live && live.from === initial ? live.quote : initial;
  return { quote, ...usePriceFlash(quote.price) };
}

/** Whether the element is on screen (or near it); true when no element is given. */
function useInView(element?: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(!element);
  useEffect(() => {
    const target = element?.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? true), {
      rootMargin: '200px 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return visible;
}
