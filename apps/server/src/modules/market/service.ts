import type { Candle, ChartRange, DailyKline, KlineInterval, MarketStatus, Quote } from '@soar/contract';
import { localTime } from '../../core/time.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, pageOf } from '../../lib/paginate.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { Schedule } from '../../market/sessions.ts';
import { sessionStatus } from '../../market/status.ts';

export type QuoteTab = 'active' | 'gainers' | 'losers';

/** Names the product puts first on the popular strip when they are listed. */
const curated = ['AAPL', 'NVDA', 'TSLA', '0700.HK', '7203.T', 'SAP.DE'];
const popularSize = 12;

/** Daily bars read for a range: five years of calendar days (weekends trade with MARKETS_ALWAYS_OPEN). */
const dailyLimit = 5 * 366 + 7;
const rangeStart: Record<ChartRange, (y: number, m: number, d: number) => number> = {
  '1W': (y, m, d) => Date.UTC(y, m, d - 7),
  '1M': (y, m, d) => Date.UTC(y, m - 1, d),
  '1Y': (y, m, d) => Date.UTC(y - 1, m, d),
  '5Y': (y, m, d) => Date.UTC(y - 5, m, d),
};

const byVolume = (a: Quote, b: Quote) => b.volume - a.volume || a.symbol.localeCompare(b.symbol);
const byChange = (a: Quote, b: Quote) =>
  Number(b.changePercent) - Number(a.changePercent) || a.symbol.localeCompare(b.symbol);

/**
 * A list filtered by a market code no stock trades on is a mistake (a typo, an old link), not an
 * empty market: 422 `MARKET_NOT_FOUND` naming the codes there are.
 */
export function assertMarket(engine: QuoteProvider, code: string): void {
  const codes = [...new Set(engine.instruments.filter((item) => item.kind === 'stock').map((item) => item.market))];
  if (!codes.includes(code)) {
    throw new AppError('MARKET_NOT_FOUND', undefined, { market: code, markets: codes.sort().join(', ') });
  }
}

/** Quote lists, details, candles and indices from the quote provider (HTTP-free). */
export class MarketService {
  constructor(private readonly engine: QuoteProvider) {}

  /** docs/product.md section 2, markets tab: most active by volume, gainers and losers by change percent. */
  list(query: PageQuery & { market?: string; tab: QuoteTab }) {
    if (query.market) assertMarket(this.engine, query.market);
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

  /**
   * The daily bars of a chart range: the local trading days after the same date a week, a month,
   * one or five years before today in the instrument's timezone, and their high and low (with
   * `1Y`, the 52-week range). Computed history and stored bars alike (docs/market.md, History).
   */
  async dailyKline(symbol: string, range: ChartRange): Promise<DailyKline> {
    const instrument = this.engine.instrument(symbol);
    if (!instrument) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
    const today = localTime(new Date(this.engine.clock()), instrument.schedule.timezone).date;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const from = rangeStart[range](y, m - 1, d);
    const bars = await this.engine.getHistory(symbol, '1d', dailyLimit);
    const list = bars.filter((bar) => Date.parse(bar.time) > from);
    let high: Candle | undefined;
    let low: Candle | undefined;
    for (const bar of list) {
      if (!high || Number(bar.high) > Number(high.high)) high = bar;
      if (!low || Number(bar.low) < Number(low.low)) low = bar;
    }
    return {
      symbol,
      range,
      from: new Date(from).toISOString().slice(0, 10),
      list,
      high: high?.high ?? null,
      low: low?.low ?? null,
    };
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
