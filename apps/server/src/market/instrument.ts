import type { Quote } from '@soar/contract';
import type { Schedule } from './sessions.ts';

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
};

/**
 * Minimum price steps. Simplified from the exchanges' tables: US and Xetra trade in cents, Hong
 * Kong's step grows with the price, Tokyo trades whole yen with larger steps above 3,000.
 */
export function tickSize(instrument: Pick<Instrument, 'kind' | 'market'>, price: number): number {
  if (instrument.kind === 'index') return 0.01;
  if (instrument.market === 'HK') {
    if (price < 10) return 0.01;
    if (price < 20) return 0.02;
    if (price < 100) return 0.05;
    if (price < 200) return 0.1;
    if (price < 500) return 0.2;
    return 0.5;
  }
  if (instrument.market === 'JP') {
    if (price <= 3000) return 1;
    if (price <= 5000) return 5;
    if (price <= 30000) return 10;
    return 50;
  }
  return 0.01;
}

export function priceDecimals(instrument: Pick<Instrument, 'kind' | 'market'>): number {
  return instrument.kind === 'stock' && instrument.market === 'JP' ? 0 : 2;
}

export function roundToTick(instrument: Pick<Instrument, 'kind' | 'market'>, price: number): number {
  const tick = tickSize(instrument, price);
  const rounded = Math.max(tick, Math.round(price / tick) * tick);
  return Number(rounded.toFixed(priceDecimals(instrument)));
}

/**
 * The simulator walks prices as floats (a random walk is not money) but every price it shows sits
 * on the tick grid, and it reaches the wire as a decimal string with the market's decimals.
 */
export function formatPrice(instrument: Pick<Instrument, 'kind' | 'market'>, price: number): string {
  return price.toFixed(priceDecimals(instrument));
}

export function toQuote(instrument: Instrument, state: QuoteState): Quote {
  const format = (value: number) => formatPrice(instrument, value);
  const change = state.price - state.prevClose;
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
    volume: state.volume,
    change: format(change),
    changePercent: (Math.abs(percent) < 0.005 ? 0 : percent).toFixed(2),
    time: new Date(state.time).toISOString(),
  };
}
