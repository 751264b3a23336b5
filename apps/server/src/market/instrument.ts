import type { Quote } from '@soar/contract';
import type { Schedule } from './sessions.ts';
import { floorToTick, priceDecimals, stepDown, stepUp, type TickGrid } from './ticks.ts';

/** An instrument as the engine holds it in memory (floats are fine here: see `formatPrice`). */
export type Instrument = {
  id: number;
  symbol: string;
  kind: 'stock' | 'index';
  /** Market code of a stock; the country of an index. */
  market: string;
  name: string;
  sector: string | null;
  currency: string;
  lotSize: number;
  schedule: Schedule;
  referencePrice: number;
  volatility: number;
  averageVolume: number;
  /** Listed by an IPO at this time (ms): no computed history before it (docs/ipo.md, Listing). */
  listedAt?: number;
};

/** The live state of one instrument for its current trading day. */
export type QuoteState = {
  price: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  volume: number;
  /** Local trading date (YYYY-MM-DD) the open, high, low and volume belong to. */
  day: string;
  time: number;
  /** The simulator's unrounded price: the walk continues from it, only the prints are rounded. */
  mid?: number;
  /** The bid and ask quoted with the last trade `last` (another writer of `price` makes them stale). */
  quoted?: { last: number; bid: number; ask: number };
};

export { priceDecimals, roundToTick, tickSizeAt as tickSize } from './ticks.ts';

/**
 * The quoted spread in ticks (docs/market.md, Bid and ask): liquid names (5 million shares a day
 * or more) quote one tick wide, the rest two.
 */
export function spreadTicks(instrument: Pick<Instrument, 'averageVolume'>): number {
  return instrument.averageVolume >= 5_000_000 ? 1 : 2;
}

/**
 * The bid and the ask around the unrounded price `mid`: `spreadTicks` grid steps apart, the
 * nearest such pair that holds `mid` (so a mid on the grid is the bid of a one-tick market).
 */
export function quotedSides(instrument: Instrument, mid: number): { bid: number; ask: number } {
  let bid = floorToTick(instrument, mid);
  let ask = stepUp(instrument, bid);
  for (let widen = spreadTicks(instrument) - 1; widen > 0; widen--) {
    const lower = stepDown(instrument, bid);
    if (mid - bid < ask - mid && lower < bid) bid = lower;
    else ask = stepUp(instrument, ask);
  }
  return { bid, ask };
}

/**
 * The simulator walks prices as floats (a random walk is not money) but every price it publishes
 * sits on the tick grid, and it reaches the wire as a decimal string with the tick's decimals.
 */
export function formatPrice(instrument: TickGrid, price: number): string {
  return price.toFixed(priceDecimals(instrument, price));
}

/** The bid and ask a state quotes: the simulator's own while its last trade stands, else around the last. */
export function sidesOf(instrument: Instrument, state: QuoteState): { bid: number; ask: number } {
  return state.quoted && state.quoted.last === state.price ? state.quoted : quotedSides(instrument, state.price);
}

export function toQuote(instrument: Instrument, state: QuoteState): Quote {
  const format = (value: number) => formatPrice(instrument, value);
  const change = state.price - state.prevClose;
  const sides = instrument.kind === 'stock' ? sidesOf(instrument, state) : undefined;
  const percent = state.prevClose > 0 ? (change / state.prevClose) * 100 : 0;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    kind: instrument.kind,
    market: instrument.market,
    currency: instrument.currency,
    lotSize: instrument.lotSize,
    price: format(state.price),
    open: format(state.open),
    high: format(state.high),
    low: format(state.low),
    close: format(state.price),
    prevClose: format(state.prevClose),
    bid: sides ? format(sides.bid) : null,
    ask: sides ? format(sides.ask) : null,
    volume: state.volume,
    change: change.toFixed(
      Math.max(priceDecimals(instrument, state.price), priceDecimals(instrument, state.prevClose)),
    ),
    changePercent: (Math.abs(percent) < 0.005 ? 0 : percent).toFixed(2),
    time: new Date(state.time).toISOString(),
    stale: false,
    lastMessageAt: null,
  };
}
