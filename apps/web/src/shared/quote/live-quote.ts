import type { Quote } from '@soar/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { usePageActive } from '../page.ts';
import { useTopic } from '../realtime/index.ts';

export type Flash = 'up' | 'down' | undefined;

/** How long a price stays highlighted after it moves. */
export const flashDuration = 600;

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
  const [quote, setQuote] = useState(initial);
  const [flash, setFlash] = useState<{ flash: Flash; key: number }>({ flash: undefined, key: 0 });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastPrice = useRef(initial.price);

  useEffect(() => {
    lastPrice.current = initial.price;
    setQuote(initial);
  }, [initial]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useTopic<Quote>(active && visible ? `quote:${initial.symbol}` : null, (next) => {
    const before = Number(lastPrice.current);
    const after = Number(next.price);
    lastPrice.current = next.price;
    setQuote(next);
    if (after === before) return;
    setFlash((current) => ({ flash: after > before ? 'up' : 'down', key: current.key + 1 }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlash((current) => ({ ...current, flash: undefined })), flashDuration);
  });
  return { quote, flash: flash.flash, flashKey: flash.key };
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
