import type { FeedBar, FeedQuote, FeedTrade } from './feed.ts';

/** One element of an Alpaca v2 stream frame, read (docs/market.md, Feeds). */
export type AlpacaMessage =
  | { kind: 'connected' | 'authenticated' | 'subscription' | 'ignored' }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'trade'; trade: FeedTrade }
  | { kind: 'quote'; quote: FeedQuote }
  | { kind: 'bar'; bar: FeedBar }
  | { kind: 'malformed'; reason: string };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** A REST or stream bar (`t`, `o`, `h`, `l`, `c`, `v`), or undefined when a field is missing. */
export function readBar(symbol: string, item: unknown): FeedBar | undefined {
  const bar = item as Record<string, unknown> | null;
  if (!bar || typeof bar !== 'object') return undefined;
  const time = timeOf(bar.t);
  const { o, h, l, c, v } = bar;
  if (!Number.isFinite(time) || !isNumber(o) || !isNumber(h) || !isNumber(l) || !isNumber(c) || !isNumber(v)) {
    return undefined;
  }
  if (!(o > 0 && h > 0 && l > 0 && c > 0 && v >= 0)) return undefined;
  return { symbol, time, open: o, high: h, low: l, close: c, volume: Math.round(v) };
}

/**
 * Reads one message: `success` (connected, authenticated), `subscription`, `error`, a trade `t`
 * (`S` symbol, `p` price, `s` size, `t` RFC 3339 time), a quote `q` (`bp`/`ap` bid and ask
 * prices) or a minute bar `b`. Other types Alpaca adds (corrections, statuses, LULD bands) are
 * ignored; a known type with a missing or impossible field is malformed.
 */
export function parseAlpacaMessage(item: unknown): AlpacaMessage {
  if (!item || typeof item !== 'object') return { kind: 'malformed', reason: 'a message that is not an object' };
  const message = item as Record<string, unknown>;
  const type = message.T;
  const symbol = message.S;
  const time = typeof message.t === 'string' ? Date.parse(message.t) : Number.NaN;
  switch (type) {
    case 'success':
      if (message.msg === 'connected') return { kind: 'connected' };
      if (message.msg === 'authenticated') return { kind: 'authenticated' };
      return { kind: 'ignored' };
    case 'subscription':
      return { kind: 'subscription' };
    case 'error':
      return {
        kind: 'error',
        code: isNumber(message.code) ? message.code : 0,
        message: typeof message.msg === 'string' ? message.msg : 'unknown',
      };
    case 't': {
      const { p: price, s: size } = message;
      if (typeof symbol !== 'string' || !isNumber(price) || !(price > 0) || !isNumber(size) || size < 0) {
        return { kind: 'malformed', reason: `a trade without symbol, price or size: ${brief(message)}` };
      }
      if (!Number.isFinite(time)) return { kind: 'malformed', reason: `a trade without a time: ${brief(message)}` };
      return { kind: 'trade', trade: { symbol, price, size: Math.round(size), time } };
    }
    case 'q': {
      const { bp: bid, ap: ask } = message;
      if (typeof symbol !== 'string' || !isNumber(bid) || !isNumber(ask) || !Number.isFinite(time)) {
        return { kind: 'malformed', reason: `a quote without symbol, sides or time: ${brief(message)}` };
      }
      return { kind: 'quote', quote: { symbol, bid, ask, time } };
    }
    case 'b': {
      const bar = typeof symbol === 'string' ? readBar(symbol, message) : undefined;
      return bar ? { kind: 'bar', bar } : { kind: 'malformed', reason: `a bar without its fields: ${brief(message)}` };
    }
    default:
      return typeof type === 'string'
        ? { kind: 'ignored' }
        : { kind: 'malformed', reason: `a message without a type: ${brief(message)}` };
  }
}

const brief = (message: unknown) => JSON.stringify(message).slice(0, 120);
