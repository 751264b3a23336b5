import type { MarketStatus, Quote } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let test: TestApp;
// Friday 2026-11-20 15:00 UTC: New York 10:00 (open), Tokyo and Hong Kong closed.
const now = Date.parse('2026-11-20T15:00:00Z');

beforeAll(async () => {
  test = await createTestApp({}, { market: { clock: () => now } });
  // A few steps of live trading on top of the starting quotes.
  for (let step = 1; step <= 20; step++) test.app.market.tick(now + step * 250);
});
afterAll(() => test.close());

async function get<T>(url: string, lang = 'en') {
  const response = await api(test.app).get(url.slice(1), { lang });
  return {
    status: response.statusCode,
    body: response.json() as { code: number | string; message: string | string[]; data: T },
  };
}

type Page = { list: Quote[]; total: number; page: number; pageSize: number };

describe('market status', () => {
  it('tells which markets trade now and when the closed ones open, in the engine clock', async () => {
    const { status, body } = await get<MarketStatus[]>('/market/status/list');
    expect(status).toBe(200);
    const byKey = new Map(body.data.map((market) => [market.key, market]));
    expect(byKey.get('US')).toMatchObject({ kind: 'market', state: 'open', nextClose: '2026-11-20T21:00:00.000Z' });
    // Monday 2026-11-23 is Labor Thanksgiving Day in Japan: Tokyo opens on Tuesday.
    expect(byKey.get('JP')).toMatchObject({ state: 'closed', nextOpen: '2026-11-24T00:00:00.000Z' });
    expect(byKey.get('HK')?.state).toBe('closed');
    expect(body.data.some((market) => market.kind === 'index')).toBe(true);
  });
});

describe('quote lists', () => {
  it('most active lists stocks by volume, highest first', async () => {
    const { status, body } = await get<Page>('/market/quote/list?tab=active&pageSize=100');
    expect(status).toBe(200);
    const volumes = body.data.list.map((quote) => quote.volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(body.data.list.every((quote) => quote.kind === 'stock')).toBe(true);
    expect(body.data.list).toHaveLength(Math.min(100, body.data.total));
  });

  it('gainers sort by change percent descending and losers ascending', async () => {
    const gainers = (await get<Page>('/market/quote/list?tab=gainers&pageSize=100')).body.data.list.map((q) =>
      Number(q.changePercent),
    );
    const losers = (await get<Page>('/market/quote/list?tab=losers&pageSize=100')).body.data.list.map((q) =>
      Number(q.changePercent),
    );
    expect(gainers).toEqual([...gainers].sort((a, b) => b - a));
    expect(losers).toEqual([...losers].sort((a, b) => a - b));
    expect(gainers[0]).not.toBe(losers[0]);
  });

  it('pages without overlap and filters by market', async () => {
    const first = (await get<Page>('/market/quote/list?tab=active&page=1&pageSize=3')).body.data;
    const second = (await get<Page>('/market/quote/list?tab=active&page=2&pageSize=3')).body.data;
    expect(first).toMatchObject({ page: 1, pageSize: 3 });
    expect(first.list).toHaveLength(3);
    const symbols = new Set([...first.list, ...second.list].map((quote) => quote.symbol));
    expect(symbols.size).toBe(first.list.length + second.list.length);
    const hk = (await get<Page>('/market/quote/list?market=HK&pageSize=100')).body.data.list;
    expect(hk.length).toBeGreaterThan(0);
    expect(hk.every((quote) => quote.market === 'HK' && quote.currency === 'HKD')).toBe(true);
    expect(hk.map((quote) => quote.symbol)).toContain('0700.HK');
  });

  it('refuses an unknown tab in the request language', async () => {
    const english = await get('/market/quote/list?tab=sideways');
    const german = await get('/market/quote/list?tab=sideways', 'de');
    expect(english.status).toBe(422);
    expect(english.body.code).toBe('VALIDATION_FAILED');
    expect(german.body.message).not.toEqual(english.body.message);
  });

  it('refuses an unknown market with 422 MARKET_NOT_FOUND in the request language, not an empty list', async () => {
    const english = await get('/market/quote/list?market=XX');
    expect(english.status).toBe(422);
    expect(english.body).toEqual({
      code: 'MARKET_NOT_FOUND',
      message: 'Unknown market: XX. The markets are EU, HK, JP, US',
    });
    expect((await get('/market/quote/list?market=XX&tab=losers', 'de')).body.message).toBe(
      'Unbekannter Markt: XX. Die Märkte sind EU, HK, JP, US',
    );
    expect((await get('/market/quote/list?market=xx', 'ja')).body.message).toBe(
      '市場が見つかりません: XX（市場: EU, HK, JP, US）',
    );
    expect((await get<Page>('/market/quote/list?market=jp')).body.data.total).toBeGreaterThan(0);
  });
});

describe('quote detail', () => {
  it('answers every field of a quote as decimal strings', async () => {
    const { status, body } = await get<Quote>('/market/quote/detail?symbol=aapl');
    expect(status).toBe(200);
    const quote = body.data;
    expect(quote).toMatchObject({ symbol: 'AAPL', market: 'US', currency: 'USD', kind: 'stock' });
    for (const field of ['price', 'open', 'high', 'low', 'close', 'prevClose', 'change', 'changePercent'] as const) {
      expect(quote[field]).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(Number(quote.high)).toBeGreaterThanOrEqual(Number(quote.low));
    expect(quote.close).toBe(quote.price);
    expect(Number(quote.change)).toBeCloseTo(Number(quote.price) - Number(quote.prevClose), 6);
    expect(Number.isNaN(Date.parse(quote.time))).toBe(false);
  });

  it('quotes a bid and an ask on the tick grid around the last; an index has none', async () => {
    for (const symbol of ['AAPL', '9432.T', '3988.HK', 'SAP.DE']) {
      const quote = (await get<Quote>(`/market/quote/detail?symbol=${symbol}`)).body.data;
      const [bid, ask, last] = [Number(quote.bid), Number(quote.ask), Number(quote.price)];
      expect(bid, symbol).toBeGreaterThan(0);
      expect(bid, symbol).toBeLessThan(ask);
      expect(bid <= last && last <= ask, symbol).toBe(true);
      expect(quote.bid?.split('.')[1]?.length ?? 0).toBe(quote.price.split('.')[1]?.length ?? 0);
    }
    const ntt = (await get<Quote>('/market/quote/detail?symbol=9432.T')).body.data;
    expect((Number(ntt.ask) - Number(ntt.bid)).toFixed(1)).toBe('0.1');
    const index = (await get<Quote>('/market/quote/detail?symbol=^N225')).body.data;
    expect(index).toMatchObject({ bid: null, ask: null });
  });

  it('answers 404 SYMBOL_NOT_FOUND for an unknown symbol, in two languages', async () => {
    const english = await get('/market/quote/detail?symbol=NOPE');
    const french = await get('/market/quote/detail?symbol=NOPE', 'fr');
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ code: 'SYMBOL_NOT_FOUND', message: 'This symbol is not known: NOPE' });
    expect(french.body).toEqual({ code: 'SYMBOL_NOT_FOUND', message: 'Ce symbole est inconnu : NOPE' });
  });

  it("shows Tokyo prices at their tick's decimals: whole yen above 3,000, tenths below", async () => {
    const sony = await get<Quote>('/market/quote/detail?symbol=6758.T');
    expect(Number(sony.body.data.price)).toBeGreaterThan(3000);
    expect(sony.body.data.price).toMatch(/^\d+$/);
    const ntt = await get<Quote>('/market/quote/detail?symbol=9432.T');
    expect(Number(ntt.body.data.price)).toBeLessThan(1000);
    expect(ntt.body.data.price).toMatch(/^\d+\.\d$/);
  });
});

describe('indices and popular', () => {
  it('lists the global indices', async () => {
    const { body } = await get<Quote[]>('/market/index/list');
    const symbols = body.data.map((quote) => quote.symbol);
    for (const symbol of ['^GSPC', '^IXIC', '^DJI', '^FTSE', '^GDAXI', '^N225', '^HSI', '000001.SS']) {
      expect(symbols).toContain(symbol);
    }
    expect(body.data.every((quote) => quote.kind === 'index')).toBe(true);
  });

  it('mixes curated names with the most active of every market', async () => {
    const { body } = await get<Quote[]>('/market/popular');
    const symbols = body.data.map((quote) => quote.symbol);
    expect(symbols.slice(0, 3)).toEqual(['AAPL', 'NVDA', 'TSLA']);
    expect(new Set(body.data.map((quote) => quote.market))).toEqual(new Set(['US', 'HK', 'JP', 'EU']));
    expect(new Set(symbols).size).toBe(symbols.length);
  });
});

describe('kline', () => {
  it('answers candles in ascending time, the open one included', async () => {
    await test.app.market.flush();
    const { status, body } = await get<{
      list: { time: string; open: string; high: string; low: string; close: string }[];
    }>('/market/kline?symbol=AAPL&interval=1m');
    expect(status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(0);
    const times = body.data.list.map((bar) => Date.parse(bar.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const bar of body.data.list) {
      expect(Number(bar.high)).toBeGreaterThanOrEqual(Math.max(Number(bar.open), Number(bar.close)));
      expect(Number(bar.low)).toBeLessThanOrEqual(Math.min(Number(bar.open), Number(bar.close)));
    }
  });

  it('refuses an unknown interval and a limit above 1000', async () => {
    expect((await get('/market/kline?symbol=AAPL&interval=2m')).status).toBe(422);
    expect((await get('/market/kline?symbol=AAPL&limit=1001')).status).toBe(422);
    expect((await get('/market/kline?symbol=NOPE')).status).toBe(404);
  });

  it('refuses an unknown chart range and an unknown symbol for daily bars', async () => {
    const range = await get('/market/kline/daily?symbol=AAPL&range=2Y');
    expect(range.status).toBe(422);
    expect(range.body.code).toBe('VALIDATION_FAILED');
    expect((await get('/market/kline/daily?symbol=NOPE&range=1Y')).status).toBe(404);
  });
});

describe('the contract', () => {
  it('documents the market calls in OpenAPI', async () => {
    const response = await test.app.inject({ url: '/api/openapi.json' });
    const doc = response.json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const parameters = doc.paths['/market/quote/list']?.get?.parameters?.map((parameter) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['market', 'tab', 'page', 'pageSize']));
    expect(doc.paths).toHaveProperty('/watchlist/add');
    expect(doc.paths).toHaveProperty('/news/detail');
  });
});

describe('search', () => {
  it('finds stocks by ticker or name, case-insensitively', async () => {
    const byTicker = await get<{ stocks: Quote[] }>('/search?q=nvda');
    expect(byTicker.body.data.stocks.map((quote) => quote.symbol)).toContain('NVDA');
    const byName = await get<{ stocks: Quote[] }>('/search?q=TOYOTA');
    expect(byName.body.data.stocks.map((quote) => quote.symbol)).toContain('7203.T');
  });

  it('folds accents: "nestle" finds "Nestlé"', async () => {
    await test.app.db.insert(newsArticles).values({
      slug: 'nestle-search-fixture',
      publishedAt: new Date('2026-11-20T10:00:00Z'),
      symbols: [],
      category: 'companies',
      translations: { en: { title: 'Nestlé raises its outlook', summary: 's', body: 'b' } },
    });
    const { body } = await get<{ news: { title: string }[] }>('/search?q=NESTLE');
    expect(body.data.news.map((item) => item.title)).toContain('Nestlé raises its outlook');
    const accented = await get<{ news: { title: string }[] }>('/search?q=nestlé');
    expect(accented.body.data.news).toHaveLength(body.data.news.length);
  });

  it('needs at least one character, in two languages', async () => {
    const english = await get('/search?q=');
    const japanese = await get('/search?q=', 'ja');
    expect(english.status).toBe(422);
    expect(japanese.status).toBe(422);
    expect(japanese.body.message).not.toEqual(english.body.message);
  });

  it('caps the number of results', async () => {
    const { body } = await get<{ stocks: Quote[] }>('/search?q=a');
    expect(body.data.stocks.length).toBeLessThanOrEqual(20);
  });
});
