import { localTime } from '../core/time.ts';
import { barStart, type CandleBook } from './candles.ts';
import type { FeedBar, FeedQuote, FeedSnapshot, FeedTrade } from './feed.ts';
import type { Instrument, QuoteState } from './instrument.ts';

/**
 * How a vendor's messages move an instrument's quote state and candles (docs/market.md, Feeds):
 * the rules apart from the engine, which emits the ticks they make.
 */

/** A new trading day in the instrument's timezone starts from the last price. */
function rollDay(instrument: Instrument, state: QuoteState, time: number, price: number): void {
  const day = localTime(new Date(time), instrument.schedule.timezone).date;
  if (day === state.day) return;
  state.prevClose = state.price;
  state.open = state.high = state.low = price;
  state.volume = 0;
  state.day = day;
}

export function applyTrade(instrument: Instrument, state: QuoteState, trade: FeedTrade): void {
  rollDay(instrument, state, trade.time, trade.price);
  const sides = state.quoted;
  Object.assign(state, {
    price: trade.price,
    high: Math.max(state.high, trade.price),
    low: Math.min(state.low, trade.price),
    volume: state.volume + trade.size,
    time: trade.time,
    mid: undefined,
    // The vendor's sides stand until its next quote, whatever the last trade printed at.
    quoted: sides ? { ...sides, last: trade.price } : undefined,
  });
}

/** Answers false for a one-sided or crossed quote (a side withdrawn, a locked book): the last good pair stays. */
export function applyQuote(state: QuoteState, quote: FeedQuote): boolean {
  if (!(quote.bid > 0 && quote.ask >= quote.bid)) return false;
  state.quoted = { last: state.price, bid: quote.bid, ask: quote.ask };
  return true;
}

export function applySnapshot(instrument: Instrument, state: QuoteState, snapshot: FeedSnapshot): void {
  const day = snapshot.day;
  Object.assign(state, {
    price: snapshot.price,
    time: snapshot.time,
    mid: undefined,
    quoted:
      snapshot.bid !== undefined && snapshot.ask !== undefined
        ? { last: snapshot.price, bid: snapshot.bid, ask: snapshot.ask }
        : undefined,
    ...(snapshot.prevClose !== undefined ? { prevClose: snapshot.prevClose } : {}),
    ...(day
      ? {
          open: day.open,
          high: day.high,
          low: day.low,
          volume: day.volume,
          day: localTime(new Date(day.time), instrument.schedule.timezone).date,
        }
      : {}),
  });
}

/**
 * A vendor bar: daily bars are the chart's past as they are; a minute bar (live, or a missed one
 * after a reconnect) prints its open, high, low and close into every interval's open bar.
 */
export function applyBar(
  candles: CandleBook,
  instrument: Instrument,
  state: QuoteState,
  interval: '1m' | '1d',
  bar: FeedBar,
): void {
  if (interval === '1d') {
    // Alpaca stamps a day at midnight New York; daily candles are keyed by the local date at 00:00 UTC.
    const time = barStart('1d', bar.time, instrument.schedule.timezone);
    candles.record({ ...bar, time, instrumentId: instrument.id, interval: '1d' });
    return;
  }
  const prints = [bar.open, bar.high, bar.low, bar.close];
  prints.forEach((price, index) => {
    candles.apply(
      instrument.id,
      instrument.schedule.timezone,
      price,
      index === prints.length - 1 ? bar.volume : 0,
      bar.time,
    );
  });
  const end = bar.time + 60_000 - 1;
  if (end > state.time) {
    rollDay(instrument, state, bar.time, bar.open);
    Object.assign(state, {
      price: bar.close,
      high: Math.max(state.high, bar.high),
      low: Math.min(state.low, bar.low),
      volume: state.volume + bar.volume,
      time: end,
      mid: undefined,
    });
  }
}
