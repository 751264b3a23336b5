import type { Candle } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candles, instruments, markets } from '../db/schema/index.ts';
import { seed } from '../seed/index.ts';
import { createTestApp, type TestApp, testConfig } from '../test/helper.ts';
import { MarketEngine } from './engine.ts';
import { sessionMinutes } from './sessions.ts';
import { loadInstruments } from './store.ts';

// Friday 2026-11-20 18:00 UTC: New York 13:00 (open), Tokyo closed for the day.
const now = Date.parse('2026-11-20T18:00:00Z');
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp(
    { marketEngine: 'on' },
    { market: { clock: () => now, history: { dailyDays: 30, minuteDays: 2 }, autoStart: false } },
  );
  await test.app.market.settled();
});
afterAll(() => test.close());

async function kline(symbol: string, interval: string, limit = 1000) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v1/market/kline?symbol=${symbol}&interval=${interval}&limit=${limit}`,
  });
  return (response.json() as { data: { list: Candle[] } }).data.list;
}

describe('the engine on a database', () => {
  it('backfills minute bars without gaps through the sessions of the last days', async () => {
    const minutes = (await kline('7203.T', '1m')).map((bar) => Date.parse(bar.time));
    const tokyo = {
      market: 'JP',
      timezone: 'Asia/Tokyo',
      sessions: [
        { open: '09:00', close: '11:30' },
        { open: '12:30', close: '15:30' },
      ],
    };
    const expected = ['2026-11-19', '2026-11-20'].flatMap((date) =>
      sessionMinutes(tokyo, date).map((minute) => minute.getTime()),
    );
    expect(minutes).toEqual(expected);
  });

  it('backfills daily bars for the weekdays and keeps candles valid at every interval', async () => {
    const days = await kline('AAPL', '1d');
    expect(days.length).toBeGreaterThanOrEqual(20);
    for (const interval of ['1m', '5m', '15m', '1h', '1d']) {
      for (const bar of await kline('AAPL', interval)) {
        expect(Number(bar.high)).toBeGreaterThanOrEqual(Math.max(Number(bar.open), Number(bar.close)));
        expect(Number(bar.low)).toBeLessThanOrEqual(Math.min(Number(bar.open), Number(bar.close)));
      }
    }
    expect((await kline('AAPL', '1m', 5)).length).toBe(5);
  });

  it('continues the live price from the last backfilled close', async () => {
    const lastMinute = (await kline('AAPL', '1m')).at(-1);
    const quote = test.app.market.getQuotes(['AAPL'])[0];
    expect(quote?.price).toBe(lastMinute?.close);
  });

  it('upserts the open candle and flushes it in batches', async () => {
    for (let step = 1; step <= 40; step++) test.app.market.tick(now + step * 250);
    expect(test.app.market.candles.pending).toBeGreaterThan(0);
    await test.app.market.flush();
    expect(test.app.market.candles.pending).toBe(0);
    const last = (await kline('AAPL', '1m')).at(-1);
    expect(last?.time).toBe(new Date(now).toISOString());
    expect(last?.close).toBe(test.app.market.getQuotes(['AAPL'])[0]?.price);
  });

  it('seeds instruments idempotently and does not backfill twice', async () => {
    const before = await test.app.db.select().from(instruments);
    await seed(test.app.db, testConfig);
    expect(await test.app.db.select().from(instruments)).toHaveLength(before.length);
    const again = new MarketEngine({ db: test.app.db, seed: 1, alwaysOpen: false, clock: () => now });
    await again.load();
    expect(await again.prepare({ dailyDays: 30, minuteDays: 2 })).toBeUndefined();
    expect(again.getQuotes(['AAPL'])[0]?.price).toBe(test.app.market.getQuotes(['AAPL'])[0]?.price);
  });
});

describe('an instrument listed while the engine runs (an IPO, docs/ipo.md)', () => {
  it('joins quotes and search with no computed history, resumes from its stored bar after a restart, and reaches a node without the engine on its first tick', async () => {
    // A node that loaded its universe before the listing (MARKET_ENGINE=off with Redis).
    const apiNode = new MarketEngine({ db: test.app.db, seed: 1, alwaysOpen: false, clock: () => now });
    await apiNode.load();
    await apiNode.prepare();

    const [us] = await test.app.db.select().from(markets).where(eq(markets.code, 'US'));
    if (!us) throw new Error('no US market');
    const [row] = await test.app.db
      .insert(instruments)
      .values({
        symbol: 'NEWCO',
        kind: 'stock',
        marketId: us.id,
        name: 'New Company',
        lotSize: 100,
        currency: 'USD',
        timezone: us.timezone,
        sessions: us.sessions,
        referencePrice: '11.50',
        volatility: '0.6',
        averageVolume: 100000,
        listedAt: new Date(now),
      })
      .returning();
    if (!row) throw new Error('no instrument');
    await test.app.db.insert(candles).values({
      instrumentId: row.id,
      interval: '1d',
      time: new Date('2026-11-20T00:00:00Z'),
      open: '10.00',
      high: '11.50',
      low: '10.00',
      close: '11.50',
      volume: 0,
    });
    const [listed] = await loadInstruments(test.app.db, 'NEWCO');
    if (!listed) throw new Error('not loaded');
    const state = {
      price: 11.5,
      open: 10,
      high: 11.5,
      low: 10,
      prevClose: 10,
      volume: 0,
      day: '2026-11-20',
      time: now,
    };
    expect(test.app.market.list(listed, state)).toBe(true);
    expect(test.app.market.list(listed, state)).toBe(false);
    expect(test.app.market.getQuotes(['NEWCO'])[0]).toMatchObject({
      price: '11.50',
      prevClose: '10.00',
      change: '1.50',
    });
    expect(test.app.market.search('newco', 5).map((instrument) => instrument.symbol)).toEqual(['NEWCO']);
    expect(await kline('NEWCO', '1d')).toEqual([
      { time: '2026-11-20T00:00:00.000Z', open: '10.00', high: '11.50', low: '10.00', close: '11.50', volume: 0 },
    ]);
    expect(await kline('NEWCO', '1m')).toEqual([]);
    const restarted = new MarketEngine({ db: test.app.db, seed: 1, alwaysOpen: false, clock: () => now });
    await restarted.load();
    await restarted.prepare({ dailyDays: 30, minuteDays: 2 });
    expect(restarted.getQuotes(['NEWCO'])[0]).toMatchObject({ price: '11.50', open: '10.00' });

    expect(apiNode.getQuotes(['NEWCO'])).toEqual([]);
    const quote = test.app.market.getQuotes(['NEWCO'])[0];
    if (!quote) throw new Error('no quote');
    apiNode.applyRemote({ quote: { ...quote, price: '11.60' }, bars: {} });
    await vi.waitFor(() => expect(apiNode.instrument('NEWCO')).toBeDefined());
    expect(apiNode.getQuotes(['NEWCO'])[0]).toMatchObject({ symbol: 'NEWCO', price: '11.60', prevClose: '10.00' });
  });
});
