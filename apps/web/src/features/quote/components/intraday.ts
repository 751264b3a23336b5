import type { Candle } from '@soar/contract';

// Longer than any lunch break (Tokyo, Hong Kong), shorter than a night: such a gap ends a session.
const sessionGapMs = 3 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The minute bars of the trading day the market status names (from its first open), or, without
 * a session, today's bars by the gap rule below.
 */
export function sessionBars(bars: Candle[], session?: { open: string; close: string }): Candle[] {
  if (!session) return todaysBars(bars);
  const open = Date.parse(session.open);
  return bars.filter((bar) => Date.parse(bar.time) >= open);
}

/**
 * Today's minute bars: the newest run of bars without an overnight gap, at most one day long
 * (markets that trade around the clock in development have no gap).
 */
export function todaysBars(bars: Candle[]): Candle[] {
  if (bars.length === 0) return bars;
  const newest = Date.parse(bars[bars.length - 1]?.time ?? '');
  let start = bars.length - 1;
  while (start > 0) {
    const previous = Date.parse(bars[start - 1]?.time ?? '');
    const current = Date.parse(bars[start]?.time ?? '');
    if (current - previous > sessionGapMs || newest - previous >= dayMs) break;
    start -= 1;
  }
  return bars.slice(start);
}
