import type { DailyKline, Quote } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

// A fresh start as the demo makes it (the engine on, every market open, the full computed
// history), stepped by hand: Tuesday 2026-11-17 02:00 UTC, Tokyo 11:00 and Hong Kong 10:00.
const start = Date.parse('2026-11-17T02:00:00Z');
let clock = start;
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp(
    { marketEngine: 'on', marketsAlwaysOpen: true },
    { market: { clock: () => clock, autoStart: false } },
  );
}, 180_000);
afterAll(() => test.close());

async function get<T>(url: string) {
  const response = await api(test.app).get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

describe('a market that moves (docs/market.md, Simulator)', () => {
  it('every instrument shows at least two last prices within two simulated minutes', async () => {
    const symbols = test.app.market.instruments.map((instrument) => instrument.symbol);
    const lasts = new Map<string, Set<string>>(symbols.map((symbol) => [symbol, new Set()]));
    const lowPriced = ['9432.T', '3988.HK', '1398.HK'];
    const opening = new Map<string, Quote>();
    for (const symbol of lowPriced) opening.set(symbol, await get<Quote>(`market/quote/detail?symbol=${symbol}`));
    for (const [symbol, quote] of opening) lasts.get(symbol)?.add(quote.price);
    // The engine's own step: 250 ms, an eighth of the open instruments each.
    for (let step = 1; step <= 480; step++) {
      clock = start + step * 250;
      for (const event of test.app.market.tick(clock)) lasts.get(event.quote.symbol)?.add(event.quote.price);
    }
    const still = [...lasts].filter(([, prices]) => prices.size < 2).map(([symbol]) => symbol);
    expect(still).toEqual([]);
    expect(symbols.length).toBeGreaterThan(250);
    for (const symbol of lowPriced) {
      const quote = await get<Quote>(`market/quote/detail?symbol=${symbol}`);
      expect(quote.price === opening.get(symbol)?.price && quote.high === quote.low, symbol).toBe(false);
      expect([quote.bid, quote.ask], symbol).toContain(quote.price);
    }
  });

  it('a low-priced stock trades at its bid or its ask, and both move with the market', async () => {
    const seen = { bid: new Set<string>(), ask: new Set<string>(), atBid: 0, atAsk: 0 };
    for (let step = 1; step <= 480; step++) {
      clock += 250;
      for (const { quote } of test.app.market.tick(clock)) {
        if (quote.symbol !== '9432.T') continue;
        seen.bid.add(quote.bid ?? '');
        seen.ask.add(quote.ask ?? '');
        if (quote.price === quote.bid) seen.atBid += 1;
        else if (quote.price === quote.ask) seen.atAsk += 1;
        else throw new Error(`9432.T traded at ${quote.price} between ${quote.bid} and ${quote.ask}`);
      }
    }
    expect(seen.atBid).toBeGreaterThan(0);
    expect(seen.atAsk).toBeGreaterThan(0);
    expect(seen.bid.size).toBeGreaterThan(1);
  });
});

describe('daily bars over a chart range', () => {
  it('1W, 1M, 1Y and 5Y answer the daily bars after the same date back, from the seeded history', async () => {
    const ranges = {} as Record<string, DailyKline>;
    for (const range of ['1W', '1M', '1Y', '5Y']) {
      ranges[range] = await get<DailyKline>(`market/kline/daily?symbol=9432.T&range=${range}`);
    }
    expect(ranges['1W']?.from).toBe('2026-11-10');
    expect(ranges['1M']?.from).toBe('2026-10-17');
    expect(ranges['1Y']?.from).toBe('2025-11-17');
    expect(ranges['5Y']?.from).toBe('2021-11-17');
    for (const [range, answer] of Object.entries(ranges)) {
      const times = answer.list.map((bar) => bar.time);
      expect(times, range).toEqual([...times].sort());
      expect((times[0] ?? '').slice(0, 10) > answer.from, range).toBe(true);
      expect(times.at(-1), range).toBe('2026-11-17T00:00:00.000Z');
    }
    // Weekdays in the computed history: Wednesday 11 to Tuesday 17 November.
    expect(ranges['1W']?.list).toHaveLength(5);
    expect(ranges['1Y']?.list.length).toBeGreaterThanOrEqual(260);
    expect(ranges['5Y']?.list.length).toBeGreaterThanOrEqual(1300);
  });

  it('the 1Y range carries the 52-week high and low of its bars', async () => {
    const year = await get<DailyKline>('market/kline/daily?symbol=3988.HK&range=1Y');
    const highs = year.list.map((bar) => Number(bar.high));
    const lows = year.list.map((bar) => Number(bar.low));
    expect(Number(year.high)).toBe(Math.max(...highs));
    expect(Number(year.low)).toBe(Math.min(...lows));
    expect(Number(year.low)).toBeLessThan(Number(year.high));
    const quote = await get<Quote>('market/quote/detail?symbol=3988.HK');
    expect(Number(year.high)).toBeGreaterThanOrEqual(Number(quote.high));
  });
});
