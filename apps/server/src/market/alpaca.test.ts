import type { Candle, FeedHealth, Quote } from '@soar/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { FakeAlpaca, type FakeBar } from '../test/fake-alpaca.ts';
import { createOperator } from '../test/fixtures.ts';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../test/helper.ts';
import { api } from '../test/http.ts';
import { credit, detail, place } from '../test/trade-kit.ts';
import { createMember, type Headers } from '../test/wallet.ts';
import { TestClient } from '../test/ws-client.ts';
import { AlpacaFeed } from './alpaca.ts';
import type { FeedBar, FeedSink } from './feed.ts';

// The real adapter (alpaca.ts) against a local Alpaca speaking its documented protocol.
// Tuesday 2026-11-17, 10:00 in New York: the US session is open. The engine's clock is pinned
// and moved by the tests; every vendor time below is on it.
const now = Date.parse('2026-11-17T15:00:00Z');
let clock = now;
const at = (time: number) => new Date(time).toISOString();
const minute = 60_000;

const bar = (t: string, o: number, h: number, l: number, c: number, v: number): FakeBar => ({ t, o, h, l, c, v });
const trade = (symbol: string, price: number, size: number, time = clock) => ({
  T: 't',
  S: symbol,
  i: Math.floor(time / 1000),
  x: 'V',
  p: price,
  s: size,
  c: ['@'],
  z: 'C',
  t: at(time),
});
const quote = (symbol: string, bid: number, ask: number, time = clock) => ({
  T: 'q',
  S: symbol,
  bx: 'V',
  bp: bid,
  bs: 2,
  ax: 'V',
  ap: ask,
  as: 3,
  c: ['R'],
  z: 'C',
  t: at(time),
});

let fake: FakeAlpaca;
const alpaca = () => ({
  keyId: fake.keyId,
  secretKey: fake.secretKey,
  streamUrl: fake.streamUrl,
  dataUrl: fake.url,
  apiUrl: fake.url,
});

beforeAll(async () => {
  // Two bars a page: the start's history and the gap filling both page by next_page_token.
  fake = await FakeAlpaca.start({ keyId: 'PKTEST', secretKey: 'secret-of-the-test', pageSize: 2 });
  fake.snapshots.AAPL = {
    latestTrade: { p: 190.12, s: 100, t: at(now - 2_000), x: 'V', i: 1, c: ['@'], z: 'C' },
    latestQuote: { bp: 190.1, bs: 1, ap: 190.14, as: 2, t: at(now - 1_000) },
    minuteBar: bar('2026-11-17T14:59:00Z', 190.0, 190.15, 189.95, 190.12, 2_000),
    dailyBar: bar('2026-11-17T05:00:00Z', 189.0, 190.5, 188.7, 190.12, 1_200_000),
    prevDailyBar: bar('2026-11-16T05:00:00Z', 187.0, 189.0, 186.5, 188.5, 40_000_000),
  };
  fake.snapshots.MSFT = {
    latestTrade: { p: 512.3, s: 10, t: at(now - 3_000) },
    latestQuote: { bp: 512.28, ap: 512.32, t: at(now - 3_000) },
    dailyBar: bar('2026-11-17T05:00:00Z', 510.0, 513.0, 509.5, 512.3, 800_000),
    prevDailyBar: bar('2026-11-16T05:00:00Z', 505.0, 509.0, 504.0, 508.0, 19_000_000),
  };
  fake.dailyBars.AAPL = [
    bar('2026-11-12T05:00:00Z', 184.0, 186.0, 183.5, 185.5, 41_000_000),
    bar('2026-11-13T05:00:00Z', 185.5, 187.5, 185.0, 187.0, 39_000_000),
    bar('2026-11-16T05:00:00Z', 187.0, 189.0, 186.5, 188.5, 40_000_000),
    bar('2026-11-17T05:00:00Z', 189.0, 190.5, 188.7, 190.12, 1_200_000),
  ];
  fake.dailyBars.MSFT = [bar('2026-11-16T05:00:00Z', 505.0, 509.0, 504.0, 508.0, 19_000_000)];
  fake.minuteBars.AAPL = [
    // Yesterday's last minute (within a day of the start) and this morning's last five.
    bar('2026-11-16T20:59:00Z', 188.4, 188.6, 188.3, 188.5, 90_000),
    bar('2026-11-17T14:55:00Z', 189.8, 189.9, 189.7, 189.85, 3_000),
    bar('2026-11-17T14:56:00Z', 189.85, 190.0, 189.8, 189.95, 2_500),
    bar('2026-11-17T14:57:00Z', 189.95, 190.1, 189.9, 190.05, 2_200),
    bar('2026-11-17T14:58:00Z', 190.05, 190.1, 189.95, 190.0, 1_800),
    bar('2026-11-17T14:59:00Z', 190.0, 190.15, 189.95, 190.12, 2_000),
  ];
  fake.calendar.push(
    { date: '2026-11-16', open: '09:30', close: '16:00' },
    { date: '2026-11-17', open: '09:30', close: '16:00' },
  );
});
afterAll(() => fake.close());

/** Polls `check` until it answers something truthy. */
async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('refused credentials', () => {
  it('stop the start with an error naming ALPACA_KEY_ID and ALPACA_SECRET_KEY', async () => {
    const database = await createTestDatabase();
    try {
      const config: Config = {
        ...testConfig,
        marketEngine: 'on',
        feeds: { alpaca: { ...alpaca(), secretKey: 'not-the-secret' }, staleSeconds: 2 },
      };
      const building = buildApp(config, {
        database: database.handle,
        market: { clock: () => now, autoStart: false, history: { dailyDays: 1, minuteDays: 0 }, feedBackoffMs: 50 },
        jobs: { autoStart: false },
      });
      await expect(building).rejects.toThrow(/402 auth failed.*ALPACA_KEY_ID and ALPACA_SECRET_KEY/);
      expect(fake.actions).toContainEqual({ action: 'auth', key: 'PKTEST', secret: 'not-the-secret' });
      // Refused at the first connection: the adapter does not come back for more.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(fake.counts.accepted).toBe(1);
      expect(fake.counts.acknowledged).toBe(0);
    } finally {
      await database.drop();
    }
  }, 60_000); // a whole app start on a fresh database
});

describe('the Alpaca feed', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let member: { headers: Headers };
  const clients: TestClient[] = [];

  beforeAll(async () => {
    fake.requests.length = 0;
    t = await createTestApp(
      { marketEngine: 'on', feeds: { alpaca: alpaca(), staleSeconds: 1 } },
      {
        market: { clock: () => clock, autoStart: false, history: { dailyDays: 1, minuteDays: 0 }, feedBackoffMs: 50 },
        jobs: { autoStart: false, clock: () => clock },
      },
    );
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const created = await createMember(app);
    await credit(app, created.user.id, 'USD', '100000');
    member = created;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  const quoteOf = async (symbol: string): Promise<Quote> => {
    const response = await api(app).get(`market/quote/detail?symbol=${encodeURIComponent(symbol)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const candles = async (symbol: string, interval: string): Promise<Candle[]> => {
    const response = await api(app).get(`market/kline?symbol=${symbol}&interval=${interval}&limit=1000`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.list;
  };
  const readiness = async (): Promise<FeedHealth[]> => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('ready');
    return response.json().feeds;
  };
  const us = async () => (await readiness()).find((feed) => feed.market === 'US') as FeedHealth;
  const preview = (lang = 'en') =>
    api(app).post(
      'order/preview',
      { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10 },
      {
        headers: member.headers,
        lang,
      },
    );

  it('subscribes every US stock to trades, quotes and bars, and starts each from its snapshot', async () => {
    const stocks = app.market.instruments
      .filter((instrument) => instrument.kind === 'stock' && instrument.market === 'US')
      .map((instrument) => instrument.symbol)
      .sort();
    expect(stocks).toContain('AAPL');
    expect(stocks.length).toBeGreaterThan(30);
    expect(fake.actions).toContainEqual({ action: 'auth', key: 'PKTEST', secret: 'secret-of-the-test' });
    const { subscription } = fake;
    expect([...subscription.trades].sort()).toEqual(stocks);
    expect([...subscription.quotes].sort()).toEqual(stocks);
    expect([...subscription.bars].sort()).toEqual(stocks);

    // REST with the keys (the fake answers 403 without them), the stream's feed, raw prices.
    expect(fake.requests.filter((request) => request.status !== 200)).toEqual([]);
    const snapshots = fake.requests.filter((request) => request.path === '/v2/stocks/snapshots');
    expect(snapshots.length).toBeGreaterThan(0);
    expect(snapshots[0]?.query.feed).toBe('iex');
    expect(snapshots.flatMap((request) => request.query.symbols?.split(',') ?? []).sort()).toEqual(stocks);
    const bars = fake.requests.filter((request) => request.path === '/v2/stocks/bars');
    const daily = bars.filter((request) => request.query.timeframe === '1Day');
    const minutes = bars.filter((request) => request.query.timeframe === '1Min');
    expect(daily.length).toBe(3); // five bars, two a page
    expect(minutes.length).toBe(3); // six bars, two a page
    expect(daily[1]?.query.page_token).toBeTruthy();
    for (const request of bars) expect(request.query).toMatchObject({ adjustment: 'raw', feed: 'iex', end: at(now) });
    // A first start: five years of days, the last day of minutes.
    expect(Date.parse(daily[0]?.query.start ?? '')).toBeLessThan(now - 5 * 365 * 24 * 60 * minute);
    expect(minutes[0]?.query.start).toBe(at(now - 24 * 60 * minute));

    expect(await quoteOf('AAPL')).toMatchObject({
      price: '190.12',
      bid: '190.10',
      ask: '190.14',
      open: '189.00',
      high: '190.50',
      low: '188.70',
      prevClose: '188.50',
      volume: 1_200_000,
      time: at(now - 2_000),
      stale: false,
      lastMessageAt: at(now),
    });
    expect(await quoteOf('MSFT')).toMatchObject({ price: '512.30', bid: '512.28', ask: '512.32', prevClose: '508.00' });
    // Indices and the other markets stay with the simulator.
    for (const symbol of [
      '^GSPC',
      ...['EU', 'HK', 'JP'].map(
        (market) => app.market.instruments.find((item) => item.kind === 'stock' && item.market === market)?.symbol,
      ),
    ]) {
      expect(await quoteOf(symbol ?? 'missing'), symbol).toMatchObject({ stale: false, lastMessageAt: null });
    }
    const feeds = await readiness();
    expect(feeds.find((feed) => feed.market === 'US')).toMatchObject({ source: 'alpaca', state: 'connected' });
    for (const market of ['EU', 'HK', 'JP']) {
      expect(feeds.find((feed) => feed.market === market)).toMatchObject({ source: 'simulator', stale: false });
    }
  });

  it("keeps the vendor's history: daily bars as they are, this morning's minutes in the chart", async () => {
    await app.market.flush();
    const days = await candles('AAPL', '1d');
    expect(days.slice(-4)).toEqual([
      {
        time: '2026-11-12T00:00:00.000Z',
        open: '184.00',
        high: '186.00',
        low: '183.50',
        close: '185.50',
        volume: 41_000_000,
      },
      {
        time: '2026-11-13T00:00:00.000Z',
        open: '185.50',
        high: '187.50',
        low: '185.00',
        close: '187.00',
        volume: 39_000_000,
      },
      {
        time: '2026-11-16T00:00:00.000Z',
        open: '187.00',
        high: '189.00',
        low: '186.50',
        close: '188.50',
        volume: 40_000_000,
      },
      // Today's bar is the snapshot's: its minutes are in it already, not counted twice.
      {
        time: '2026-11-17T00:00:00.000Z',
        open: '189.00',
        high: '190.50',
        low: '188.70',
        close: '190.12',
        volume: 1_200_000,
      },
    ]);
    const minutes = await candles('AAPL', '1m');
    expect(minutes.slice(-5)).toEqual([
      {
        time: '2026-11-17T14:55:00.000Z',
        open: '189.80',
        high: '189.90',
        low: '189.70',
        close: '189.85',
        volume: 3_000,
      },
      {
        time: '2026-11-17T14:56:00.000Z',
        open: '189.85',
        high: '190.00',
        low: '189.80',
        close: '189.95',
        volume: 2_500,
      },
      {
        time: '2026-11-17T14:57:00.000Z',
        open: '189.95',
        high: '190.10',
        low: '189.90',
        close: '190.05',
        volume: 2_200,
      },
      {
        time: '2026-11-17T14:58:00.000Z',
        open: '190.05',
        high: '190.10',
        low: '189.95',
        close: '190.00',
        volume: 1_800,
      },
      {
        time: '2026-11-17T14:59:00.000Z',
        open: '190.00',
        high: '190.15',
        low: '189.95',
        close: '190.12',
        volume: 2_000,
      },
    ]);
  });

  it('passes trades and quotes to quotes, candles and sockets', async () => {
    const client = await TestClient.connect(app);
    clients.push(client);
    expect(await client.request({ op: 'sub', topics: ['quote:AAPL', 'kline:AAPL:1m'] })).toMatchObject({ op: 'sub' });
    clock = now + 5_000;
    fake.send([quote('AAPL', 190.2, 190.24), trade('AAPL', 190.22, 300)]);

    const pushed = await client.next(
      (frame) => frame.topic === 'quote:AAPL' && (frame.data as Quote).price === '190.22',
    );
    expect(pushed.data).toMatchObject({
      price: '190.22',
      bid: '190.20',
      ask: '190.24',
      volume: 1_200_300,
      stale: false,
    });
    const bar = await client.next(
      (frame) => frame.topic === 'kline:AAPL:1m' && (frame.data as Candle).time === '2026-11-17T15:00:00.000Z',
    );
    expect(bar.data).toEqual({
      time: '2026-11-17T15:00:00.000Z',
      open: '190.22',
      high: '190.22',
      low: '190.22',
      close: '190.22',
      volume: 300,
    });
    expect(await quoteOf('AAPL')).toMatchObject({
      price: '190.22',
      bid: '190.20',
      ask: '190.24',
      high: '190.50',
      volume: 1_200_300,
      time: at(clock),
      lastMessageAt: at(clock),
    });
    expect((await candles('AAPL', '1m')).at(-1)).toEqual(bar.data);
  });

  it("fills a member's market buy at the vendor's ask", async () => {
    const order = await place(app, member.headers, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10 });
    expect(order).toMatchObject({
      status: 'filled',
      fillPrice: '190.24',
      fillReason: { key: 'market', text: 'Market order filled at 190.24 (ask)' },
    });
  });

  it('reconnects after a drop and fills the minutes it missed from the REST bars', async () => {
    const lastMessage = clock;
    // Three minutes pass unheard; Alpaca has their bars.
    fake.minuteBars.AAPL?.push(
      bar('2026-11-17T15:01:00Z', 190.3, 190.6, 190.2, 190.5, 5_000),
      bar('2026-11-17T15:02:00Z', 190.5, 190.9, 190.4, 190.8, 4_000),
      bar('2026-11-17T15:03:00Z', 190.8, 191.0, 190.6, 190.7, 3_000),
    );
    fake.minuteBars.MSFT = [
      bar('2026-11-17T15:01:00Z', 512.3, 512.9, 512.1, 512.8, 900),
      bar('2026-11-17T15:02:00Z', 512.8, 513.1, 512.4, 512.6, 700),
    ];
    const seen: { stale: boolean; state: string | undefined }[] = [];
    const stop = app.market.stream((event) => {
      if (event.quote.symbol !== 'AAPL') return;
      const state = app.market.feeds().find((feed) => feed.market === 'US')?.state;
      seen.push({ stale: event.quote.stale, state });
      // Four minutes pass while the feed is down (the engine checks staleness every second meanwhile).
      if (state === 'disconnected') clock = now + 4 * minute + 10_000;
    });
    const before = fake.requests.length;
    const acknowledged = fake.counts.acknowledged;
    fake.dropClients();
    try {
      await fake.acknowledged(acknowledged + 1);
      await until(async () => (await us()).state === 'connected', 'the feed connected again');
    } finally {
      stop();
    }
    // The drop: the feed went disconnected and the market's quotes were sent again, stale.
    expect(seen[0]).toEqual({ stale: true, state: 'disconnected' });
    expect(seen.at(-1)).toMatchObject({ stale: false, state: 'connected' });

    const gap = fake.requests.slice(before).filter((request) => request.path === '/v2/stocks/bars');
    expect(gap.map((request) => request.query.timeframe)).toEqual(['1Min', '1Min', '1Min']); // 5 bars, 2 a page
    expect(gap[0]?.query).toMatchObject({ start: at(lastMessage), end: at(clock), feed: 'iex' });
    expect(gap[1]?.query.page_token).toBeTruthy();
    expect(fake.requests.slice(before).some((request) => request.path === '/v2/stocks/snapshots')).toBe(false);

    await app.market.flush();
    expect((await candles('AAPL', '1m')).slice(-4)).toEqual([
      { time: '2026-11-17T15:00:00.000Z', open: '190.22', high: '190.22', low: '190.22', close: '190.22', volume: 300 },
      {
        time: '2026-11-17T15:01:00.000Z',
        open: '190.30',
        high: '190.60',
        low: '190.20',
        close: '190.50',
        volume: 5_000,
      },
      {
        time: '2026-11-17T15:02:00.000Z',
        open: '190.50',
        high: '190.90',
        low: '190.40',
        close: '190.80',
        volume: 4_000,
      },
      {
        time: '2026-11-17T15:03:00.000Z',
        open: '190.80',
        high: '191.00',
        low: '190.60',
        close: '190.70',
        volume: 3_000,
      },
    ]);
    expect((await candles('MSFT', '1m')).slice(-2).map((candle) => candle.close)).toEqual(['512.80', '512.60']);
    expect(await quoteOf('AAPL')).toMatchObject({
      price: '190.70',
      high: '191.00',
      volume: 1_200_300 + 12_000,
      stale: false,
    });
    expect(await us()).toMatchObject({ state: 'connected', stale: false, reconnects: 1, lastMessageAt: at(clock) });
  });

  it('goes stale when silent in session: market trading waits, no trigger fires, and the next message resumes', async () => {
    const resting = await place(app, member.headers, {
      symbol: 'AAPL',
      type: 'limit',
      direction: 'buy',
      quantity: 5,
      limitPrice: '180.00',
    });
    expect(resting).toMatchObject({ status: 'pending', waitingFor: 'price' });
    const heard = clock;
    const onPrice = vi.spyOn(app.trade.engine, 'onPrice');
    try {
      clock += 1_500; // more than FEED_STALE_SECONDS (1) without a message
      app.market.checkStale();
      expect(await quoteOf('AAPL')).toMatchObject({ price: '190.70', stale: true, lastMessageAt: at(heard) });
      expect(await us()).toMatchObject({ state: 'connected', stale: true, lastMessageAt: at(heard) });
      // The market's quotes were sent again, stale: the trade engine acted on none of them.
      expect(onPrice).not.toHaveBeenCalled();

      const english = await preview('en');
      expect(english.statusCode).toBe(409);
      expect(english.json()).toMatchObject({
        code: 'QUOTE_STALE',
        message:
          'Prices for AAPL have stopped updating, so orders and previews are paused. Please try again once the price is live',
      });
      const german = await preview('de');
      expect(german.statusCode).toBe(409);
      expect(german.json()).toMatchObject({
        code: 'QUOTE_STALE',
        message:
          'Die Kurse für AAPL werden gerade nicht aktualisiert, daher sind Aufträge und Vorschauen pausiert. Bitte erneut versuchen, sobald der Kurs wieder live ist',
      });
      const market = await api(app).post(
        'order/place',
        { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 1 },
        { headers: member.headers },
      );
      expect(market.statusCode).toBe(409);
      expect(market.json().code).toBe('QUOTE_STALE');
      // The whole market is stale; the simulated ones trade on.
      const stock = (market: string) =>
        app.market.instruments.find(
          (item) => item.kind === 'stock' && item.market === market && item.symbol !== 'AAPL',
        );
      expect([stock('US'), stock('EU')].map((item) => item && app.market.isStale(item))).toEqual([true, false]);

      // A tick that crosses the resting limit while stale fires nothing: there is no price to fill at.
      app.trade.engine.onPrice('AAPL', '179.50');
      await app.trade.engine.idle();
      expect(await detail(app, member.headers, resting.id)).toMatchObject({ status: 'pending' });
      onPrice.mockClear();

      // One fresh message ends it; the next trade fires the limit at the vendor's ask.
      clock += 500;
      fake.send([quote('AAPL', 179.48, 179.52), trade('AAPL', 179.5, 200)]);
      await until(async () => (await quoteOf('AAPL')).price === '179.50', 'the fresh trade');
      expect(await quoteOf('AAPL')).toMatchObject({
        stale: false,
        bid: '179.48',
        ask: '179.52',
        lastMessageAt: at(clock),
      });
      expect(await us()).toMatchObject({ stale: false });
      expect(onPrice).toHaveBeenCalledWith('AAPL', '179.50');
      await app.trade.engine.idle();
      const filled = await until(async () => {
        const order = await detail(app, member.headers, resting.id);
        return order.status === 'filled' && order;
      }, 'the limit to fill');
      expect(filled).toMatchObject({ fillPrice: '179.52', fillReason: { key: 'limitReached' } });
      const fresh = await preview('en');
      expect(fresh.statusCode, fresh.body).toBe(200);
    } finally {
      onPrice.mockRestore();
    }
  });

  it('counts and skips malformed frames, and the next good trade applies', async () => {
    const before = (await us()).malformed;
    fake.sendRaw('not json');
    fake.sendRaw('[{"T":"t","S":"AAPL"}]');
    fake.send([trade('AAPL', 179.6, 50)]);
    await until(async () => (await quoteOf('AAPL')).price === '179.60', 'the trade after the bad frames');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(before).toBe(0);
    expect((await us()).malformed).toBe(2);
  });

  it('shows each feed in /readyz and on the dashboard', async () => {
    const operator = await createOperator(app, { role: 'admin' });
    const response = await api(app).get('admin/dashboard', { headers: operator.headers });
    expect(response.statusCode, response.body).toBe(200);
    const board: FeedHealth[] = response.json().data.feeds;
    const ready = await readiness();
    for (const feeds of [board, ready]) {
      const fed = feeds.find((feed) => feed.market === 'US');
      expect(fed).toMatchObject({
        source: 'alpaca',
        state: 'connected',
        stale: false,
        lastMessageAt: at(clock),
        reconnects: 1,
        malformed: 2,
      });
      expect(fed?.messagesPerSecond).toBeGreaterThan(0);
      expect(
        feeds
          .filter((feed) => feed.source === 'simulator')
          .map((feed) => feed.market)
          .sort(),
      ).toEqual(['EU', 'HK', 'JP']);
      for (const feed of feeds.filter((item) => item.source === 'simulator')) {
        expect(feed).toMatchObject({
          state: 'connected',
          stale: false,
          lastMessageAt: null,
          reconnects: 0,
          malformed: 0,
        });
      }
    }
  });

  it('retries a vendor that refuses connections with backoff, stale until it is back', async () => {
    fake.refuseConnections(true);
    const refused = fake.counts.refused;
    const acknowledged = fake.counts.acknowledged;
    fake.dropClients();
    await until(() => fake.counts.refused >= refused + 2, 'two refused attempts');
    expect(await us()).toMatchObject({ stale: true });
    expect((await quoteOf('AAPL')).stale).toBe(true);
    expect((await preview()).statusCode).toBe(409);
    fake.refuseConnections(false);
    await fake.acknowledged(acknowledged + 1);
    await until(async () => (await us()).state === 'connected', 'the feed back');
    const health = await us();
    expect(health.stale).toBe(false);
    expect(health.reconnects).toBeGreaterThanOrEqual(4); // the drop and each attempt after it
    expect((await preview()).statusCode).toBe(200);
  });

  it('serves the trading calendar for the calendar reader', async () => {
    const response = await fetch(`${fake.url}/v2/calendar?start=2026-11-17&end=2026-11-30`, {
      headers: { 'APCA-API-KEY-ID': fake.keyId, 'APCA-API-SECRET-KEY': fake.secretKey },
    });
    expect(await response.json()).toEqual([{ date: '2026-11-17', open: '09:30', close: '16:00' }]);
    expect((await fetch(`${fake.url}/v2/calendar`)).status).toBe(403);
  });
});

describe('a plan that streams trades and quotes of 30 symbols', () => {
  it('streams the 30 busiest, moves the others by their bars, and asks for the same after a reconnect', async () => {
    const limited = await FakeAlpaca.start({ symbolLimit: 30 });
    const symbols = Array.from({ length: 40 }, (_, index) => `S${index}`); // busiest first
    const bars: FeedBar[] = [];
    const states: string[] = [];
    const sink: FeedSink = {
      heard: () => {},
      trade: () => {},
      quote: () => {},
      snapshot: () => {},
      bars: (interval, list) => {
        if (interval === '1m') bars.push(...list);
      },
      state: (state) => states.push(state),
      malformed: () => {},
    };
    const feed = new AlpacaFeed({
      keyId: limited.keyId,
      secretKey: limited.secretKey,
      streamUrl: limited.streamUrl,
      dataUrl: limited.url,
      apiUrl: limited.url,
      clock: () => now,
      backoffMs: 20,
    });
    try {
      // Stored history up to now: nothing to fill in at start.
      await feed.start(symbols, sink, { minute: now - minute, day: now - 24 * 60 * minute });
      const subscribes = () => limited.actions.filter((action) => action.action === 'subscribe');
      expect(subscribes().map((action) => (action.trades as string[]).length)).toEqual([40, 30]);
      expect(limited.subscription).toEqual({
        trades: symbols.slice(0, 30),
        quotes: symbols.slice(0, 30),
        bars: symbols,
      });
      expect(states.at(-1)).toBe('connected');

      // A streamed symbol's bar repeats its trades; a bar is all a name beyond the 30 gets.
      limited.send([
        { T: 'b', S: 'S1', o: 10, h: 10.5, l: 9.9, c: 10.2, v: 1_000, t: '2026-11-17T14:59:00Z', n: 12, vw: 10.1 },
        { T: 'b', S: 'S35', o: 20, h: 20.5, l: 19.9, c: 20.2, v: 500, t: '2026-11-17T14:59:00Z', n: 7, vw: 20.1 },
      ]);
      await until(() => bars.length > 0, 'the bar of S35');
      expect(bars.map((item) => item.symbol)).toEqual(['S35']);

      limited.dropClients();
      await limited.acknowledged(2);
      expect(subscribes().map((action) => (action.trades as string[]).length)).toEqual([40, 30, 30]);
      expect(limited.subscription.trades).toEqual(symbols.slice(0, 30));
      await until(() => states.at(-1) === 'connected', 'the feed back');
    } finally {
      await feed.stop();
      await limited.close();
    }
  });
});
