import type { Candle } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { MarketEngine } from './engine.ts';

// Friday 2026-11-20 18:00 UTC: New York 13:00 (open), Tokyo closed for the day.
const now = Date.parse('2026-11-20T18:00:00Z');
let first: TestApp;
let other: TestApp;

async function kline(test: TestApp, symbol: string, interval: string, limit = 1000) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v1/market/kline?symbol=${symbol}&interval=${interval}&limit=${limit}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { list: Candle[] } }).data.list;
}

beforeAll(async () => {
  // The full first-start history (five years of days, five days of minutes), nothing awaited after the build.
  first = await createTestApp({ marketEngine: 'on' }, { market: { clock: () => now, autoStart: false } });
  other = await createTestApp({ marketEngine: 'on' }, { market: { clock: () => now, autoStart: false } });
}, 180_000);
afterAll(async () => {
  await first.close();
  await other.close();
});

describe('market history on first start (docs/market.md, History)', () => {
  it('answers charts with the full history at once, without writing it to the database', async () => {
    const minutes = await kline(first, 'AAPL', '1m');
    expect(minutes).toHaveLength(1000);
    expect(minutes.at(-1)?.time).toBe('2026-11-20T17:59:00.000Z');
    const days = await kline(first, 'AAPL', '1d');
    expect(days.length).toBeGreaterThanOrEqual(250);
    expect(days.at(-1)?.time).toBe('2026-11-20T00:00:00.000Z');
    for (const interval of ['5m', '15m', '1h'])
      expect((await kline(first, '7203.T', interval)).length).toBeGreaterThan(20);
    const [stored] = await queryRows<{ count: string | number }>(
      first.app.db,
      sql`select count(*) as count from candles`,
    );
    expect(Number(stored?.count)).toBeLessThan(1000);
  });

  it('is the same history on another database with the same seed', async () => {
    for (const interval of ['1m', '5m', '1h', '1d']) {
      expect(await kline(other, '0700.HK', interval)).toEqual(await kline(first, '0700.HK', interval));
    }
  });

  it('is the same history after a restart, and the live price resumes where it was', async () => {
    const before = await kline(first, 'SAP.DE', '1d');
    const beforeMinutes = await kline(first, '7203.T', '1m');
    for (let step = 1; step <= 40; step++) first.app.market.tick(now + step * 250);
    await first.app.market.flush();
    const price = first.app.market.getQuotes(['AAPL'])[0]?.price;
    const later = now + 3_600_000;
    const restarted = new MarketEngine({ db: first.app.db, seed: 1, alwaysOpen: false, clock: () => later });
    await restarted.load();
    expect(await restarted.prepare({ dailyDays: 5 * 366, minuteDays: 5 })).toBeUndefined();
    expect(restarted.getQuotes(['AAPL'])[0]?.price).toBe(price);
    expect(await restarted.getHistory('SAP.DE', '1d', 1000)).toEqual(before);
    expect(await restarted.getHistory('7203.T', '1m', 1000)).toEqual(beforeMinutes);
  });
});
