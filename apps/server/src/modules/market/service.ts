import type { Candle, KlineInterval, MarketStatus, Quote } from '@soar/contract';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, pageOf } from '../../lib/paginate.ts';
import type { MarketEngine } from '../../market/engine.ts';
import type { Schedule } from '../../market/sessions.ts';
import { sessionStatus } from '../../market/status.ts';

export type QuoteTab = 'active' | 'gainers' | 'losers';

/** Names the product puts first on the popular strip when they are listed. */
const curated = ['AAPL', 'NVDA', 'TSLA', '0700.HK', '7203.T', 'SAP.DE'];
const popularSize = 12;

const byVolume = (a: Quote, b: Quote) => b.volume - a.volume || a.symbol.localeCompare(b.symbol);
const byChange = (a: Quote, b: Quote) =>
  Number(b.changePercent) - Number(a.changePercent) || a.symbol.localeCompare(b.symbol);

/** Quote lists, details, candles and indices from the quote provider (HTTP-free). */
export class MarketService {
  constructor(private readonly engine: MarketEngine) {}

  /** docs/product.md section 2, markets tab: most active by volume, gainers and losers by change percent. */
  list(query: PageQuery & { market?: string; tab: QuoteTab }) {
    const quotes = this.engine.quotesOf(
      (instrument) => instrument.kind === 'stock' && (!query.market || instrument.market === query.market),
    );
    if (query.tab === 'active') quotes.sort(byVolume);
    else if (query.tab === 'gainers') quotes.sort(byChange);
    else quotes.sort((a, b) => byChange(b, a));
    return pageOf(query, quotes);
  }

  detail(symbol: string): Quote {
    const instrument = this.engine.instrument(symbol);
    if (!instrument) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
    return this.engine.quote(instrument);
  }

  async kline(
    symbol: string,
    interval: KlineInterval,
    limit: number,
  ): Promise<{ symbol: string; interval: KlineInterval; list: Candle[] }> {
    if (!this.engine.instrument(symbol)) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
    return { symbol, interval, list: await this.engine.getHistory(symbol, interval, limit) };
  }

  /** Session state per market (its stocks share a schedule) and per index. */
  status(at: Date = new Date(this.engine.clock())): MarketStatus[] {
    const schedules = new Map<string, { kind: 'market' | 'index'; schedule: Schedule }>();
    for (const instrument of this.engine.instruments) {
      const kind = instrument.kind === 'stock' ? 'market' : 'index';
      const key = instrument.kind === 'stock' ? instrument.market : instrument.symbol;
      if (!schedules.has(key)) schedules.set(key, { kind, schedule: instrument.schedule });
    }
    const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
    return [...schedules].map(([key, { kind, schedule }]) => {
      const status = sessionStatus(schedule, at, this.engine.alwaysOpen);
      return {
        key,
        kind,
        timezone: schedule.timezone,
        state: status.state,
        alwaysOpen: this.engine.alwaysOpen,
        nextOpen: iso(status.nextOpen),
        nextClose: iso(status.nextClose),
        dayOpen: iso(status.day?.open),
        dayClose: iso(status.day?.close),
      };
    });
  }

  indices(): Quote[] {
    return this.engine.quotesOf((instrument) => instrument.kind === 'index');
  }

  /** The curated names, then the most active of each market in turn, twelve in all. */
  popular(): Quote[] {
    const chosen = new Map<string, Quote>();
    for (const quote of this.engine.getQuotes(curated)) chosen.set(quote.symbol, quote);
    const stocks = this.engine.quotesOf((instrument) => instrument.kind === 'stock').sort(byVolume);
    const perMarket = new Map<string, Quote[]>();
    for (const quote of stocks) perMarket.set(quote.market, [...(perMarket.get(quote.market) ?? []), quote]);
    const queues = [...perMarket.values()];
    while (chosen.size < popularSize && queues.some((queue) => queue.length > 0)) {
      for (const queue of queues) {
        const next = queue.shift();
        if (next && chosen.size < popularSize) chosen.set(next.symbol, next);
      }
    }
    return [...chosen.values()];
  }
}
