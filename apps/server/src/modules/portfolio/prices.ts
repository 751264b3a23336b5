import { Money } from '../../lib/decimal.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { Mark, Marks } from './valuation.ts';

/** The bid and ask trading quotes around a last price (docs/trading.md, Prices). */
export type Sides = (symbol: string, last: string) => { bid: string; ask: string } | undefined;

export type PriceSource = { quotes: QuoteProvider; sides: Sides };

function markAt(source: PriceSource, symbol: string, last: string): Mark | undefined {
  const sides = source.sides(symbol, last);
  if (!sides) return undefined;
  return { last: new Money(last), bid: new Money(sides.bid), ask: new Money(sides.ask) };
}

/** The marks of `symbols` now, from the latest quotes. */
export function liveMarks(source: PriceSource, symbols: string[]): Marks {
  const marks = new Map<string, Mark>();
  for (const quote of source.quotes.getQuotes([...new Set(symbols)])) {
    if (!(Number(quote.price) > 0)) continue;
    const mark = markAt(source, quote.symbol, quote.price);
    if (mark) marks.set(quote.symbol, mark);
  }
  return (symbol) => marks.get(symbol);
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The marks of `symbols` at the close of the UTC day `date` (docs/product.md, Performance): a
 * symbol that has not traded since the day ended closed at its latest quote; otherwise its
 * close is the newest daily bar of a local trading date on or before `date`. The bid and the
 * ask are quoted around that close as around any last price.
 */
export async function closingMarks(source: PriceSource, symbols: string[], date: string, now: Date): Promise<Marks> {
  const dayEnd = Date.parse(`${date}T00:00:00Z`) + dayMs;
  const marks = new Map<string, Mark>();
  const daysBack = Math.max(1, Math.ceil((now.getTime() - dayEnd) / dayMs)) + 10;
  for (const quote of source.quotes.getQuotes([...new Set(symbols)])) {
    let close: string | undefined;
    if (Date.parse(quote.time) < dayEnd && Number(quote.price) > 0) {
      close = quote.price;
    } else {
      const bars = await source.quotes.getHistory(quote.symbol, '1d', daysBack);
      close = bars.filter((bar) => bar.time.slice(0, 10) <= date).at(-1)?.close;
    }
    const mark = close ? markAt(source, quote.symbol, close) : undefined;
    if (mark) marks.set(quote.symbol, mark);
  }
  return (symbol) => marks.get(symbol);
}

/** An index's daily closes by UTC date over the last `days` days (a benchmark). */
export async function indexCloses(source: PriceSource, symbol: string, days: number): Promise<Map<string, Money>> {
  const bars = await source.quotes.getHistory(symbol, '1d', days);
  return new Map(bars.map((bar) => [bar.time.slice(0, 10), new Money(bar.close)]));
}
