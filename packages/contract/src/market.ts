import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idField } from './fields.ts';
import { languageKeys } from './languages.ts';
import { sessionStates } from './market-states.ts';

/** Failures of market data, watchlists and news. */
export const marketErrors = {
  SYMBOL_NOT_FOUND: 404,
  NEWS_NOT_FOUND: 404,
  INSTRUMENT_NOT_FOUND: 404,
  /** Orders on a suspended instrument are refused (docs/admin.md, Instruments). */
  INSTRUMENT_SUSPENDED: 409,
  /** A list asked for a market code no stock trades on (docs/api.md, Market data). */
  MARKET_NOT_FOUND: 422,
} as const;

/** Prices travel as decimal strings; simulated prices sit on each market's tick grid. */
const price = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('decimal string');

export const quote = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'index']),
  market: z.string().describe('market code (US, HK, JP, EU) or, for an index, its country'),
  currency: z.string(),
  lotSize: z.number().int().min(1).describe('board lot: orders are whole multiples of it (1 for an index)'),
  price,
  open: price,
  high: price,
  low: price,
  close: price.describe('the last price while the session runs'),
  prevClose: price,
  bid: price.nullable().describe('the best bid on the tick grid; null for an index'),
  ask: price.nullable().describe('the best ask on the tick grid; null for an index'),
  volume: z.number().int(),
  change: price,
  changePercent: price.describe('percent, two decimals'),
  time: z.string().describe('ISO time of the last trade'),
  stale: z
    .boolean()
    .describe(
      "true while the market's feed is disconnected or silent in session (docs/market.md, Stale feeds): no market orders or previews",
    ),
  lastMessageAt: z
    .string()
    .nullable()
    .describe("ISO time of the feed's last message for this market; null while the simulator prices it"),
});
export type Quote = z.infer<typeof quote>;

/** Where a market's prices come from (docs/market.md, Feeds). */
export const feedSources = ['simulator', 'alpaca', 'replay'] as const;
export const feedStates = ['connecting', 'connected', 'disconnected'] as const;

/** One market's feed as operators see it (the dashboard, `GET /readyz`). */
export const feedHealth = z.object({
  market: z.string(),
  source: z.enum(feedSources),
  state: z.enum(feedStates),
  stale: z.boolean(),
  lastMessageAt: z.string().nullable().describe('ISO time of the last message'),
  messagesPerSecond: z.number().describe('over the last minute'),
  reconnects: z.number().int(),
  malformed: z.number().int().describe('frames that could not be read (counted, logged, skipped)'),
});
export type FeedHealth = z.infer<typeof feedHealth>;

export const quoteTabs = ['active', 'gainers', 'losers'] as const;
export const klineIntervals = ['1m', '5m', '15m', '1h', '1d'] as const;
export type KlineInterval = (typeof klineIntervals)[number];

const symbol = z.string().trim().min(1, { error: 'validation.required' }).max(32).toUpperCase();

export const quoteListQuery = pageQuery.extend({
  market: z.string().trim().toUpperCase().optional(),
  tab: z.enum(quoteTabs).default('active'),
});

export const quoteDetailQuery = z.object({ symbol });

/** Chart ranges of daily bars: a week, a month, a year, five years back from today. */
export const chartRanges = ['1W', '1M', '1Y', '5Y'] as const;
export type ChartRange = (typeof chartRanges)[number];

export const dailyKlineQuery = z.object({ symbol, range: z.enum(chartRanges).default('1Y') });

export const klineQuery = z.object({
  symbol,
  interval: z.enum(klineIntervals).default('1m'),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});

export const candle = z.object({
  time: z.string().describe('ISO start of the bar'),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: z.number().int(),
});
export type Candle = z.infer<typeof candle>;

export const kline = z.object({ symbol: z.string(), interval: z.enum(klineIntervals), list: z.array(candle) });

export const dailyKline = z.object({
  symbol: z.string(),
  range: z.enum(chartRanges),
  from: z.string().describe('the first local trading date of the range (YYYY-MM-DD), exclusive'),
  list: z.array(candle).describe('daily bars after `from`, ascending, today open bar included'),
  high: price.nullable().describe('the highest high of the range (with 1Y: the 52-week high); null without bars'),
  low: price.nullable().describe('the lowest low of the range'),
});
export type DailyKline = z.infer<typeof dailyKline>;

export const searchQuery = z.object({
  q: z.string().trim().min(1, { error: 'validation.required' }).max(64),
});

export const newsCategories = ['markets', 'companies', 'economy', 'crypto', 'ipo'] as const;

export const newsItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  symbols: z.array(z.string()),
  category: z.enum(newsCategories),
  language: z.enum(languageKeys).describe('the language served: the request language when translated, else en'),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsDetail = newsItem.extend({ body: z.string() });

export const newsListQuery = pageQuery.extend({
  symbol: z.string().trim().toUpperCase().optional(),
  category: z.enum(newsCategories).optional(),
});
export const newsDetailQuery = z.object({ id: idField });

export const searchResult = z.object({
  stocks: z.array(quote),
  news: z.array(newsItem),
});

export const watchlistAddBody = z.object({ symbol });
export const watchlistSymbolsBody = z.object({ symbols: z.array(symbol).min(1).max(200) });

const get = { method: 'GET', access: 'public' } as const;
const watchlistPost = { method: 'POST', access: 'member' } as const;

export const marketStatus = z.object({
  key: z.string().describe('a market code (US, HK, JP, EU) for its stocks, or an index symbol'),
  kind: z.enum(['market', 'index']),
  timezone: z.string(),
  state: z.enum([sessionStates.open, sessionStates.break, sessionStates.closed]),
  alwaysOpen: z.boolean().describe('every market trades around the clock (demo setting)'),
  nextOpen: z.string().nullable().describe('ISO time of the next session open'),
  nextClose: z.string().nullable().describe('ISO time the running (or next) session closes'),
  dayOpen: z.string().nullable().describe("the intraday chart's trading day: its first open"),
  dayClose: z.string().nullable().describe('and its last close'),
});
export type MarketStatus = z.infer<typeof marketStatus>;

export const marketApi = {
  statusList: {
    ...get,
    path: '/market/status/list',
    summary: 'Each market and index: open, on a break or closed, and when that changes',
    response: ok(z.array(marketStatus)),
  },
  quoteList: {
    ...get,
    path: '/market/quote/list',
    summary: 'Stocks: most active, gainers or losers',
    query: quoteListQuery,
    response: ok(page(quote)),
  },
  quoteDetail: {
    ...get,
    path: '/market/quote/detail',
    summary: 'One quote',
    query: quoteDetailQuery,
    response: ok(quote),
  },
  kline: {
    ...get,
    path: '/market/kline',
    summary: 'Candles in ascending time',
    query: klineQuery,
    response: ok(kline),
  },
  dailyKline: {
    ...get,
    path: '/market/kline/daily',
    summary: 'Daily bars over a chart range (1W, 1M, 1Y, 5Y) with its high and low',
    query: dailyKlineQuery,
    response: ok(dailyKline),
  },
  indexList: { ...get, path: '/market/index/list', summary: 'Global indices', response: ok(z.array(quote)) },
  popular: {
    ...get,
    path: '/market/popular',
    summary: 'Popular: curated names and the most active of each market',
    response: ok(z.array(quote)),
  },
  search: {
    ...get,
    path: '/search',
    summary: 'Stocks by ticker or name, news by title (case and accents ignored)',
    query: searchQuery,
    response: ok(searchResult),
  },
  watchlistList: {
    method: 'GET',
    access: 'member',
    path: '/watchlist/list',
    summary: 'My watchlist with live quotes',
    response: ok(z.array(quote)),
  },
  watchlistAdd: {
    ...watchlistPost,
    path: '/watchlist/add',
    summary: 'Watch a symbol (again is harmless)',
    body: watchlistAddBody,
    response: ok(z.null()),
  },
  watchlistRemove: {
    ...watchlistPost,
    path: '/watchlist/remove',
    summary: 'Stop watching symbols',
    body: watchlistSymbolsBody,
    response: ok(z.null()),
  },
  watchlistSort: {
    ...watchlistPost,
    path: '/watchlist/sort',
    summary: 'Reorder: symbols in the new order',
    body: watchlistSymbolsBody,
    response: ok(z.null()),
  },
  newsList: {
    ...get,
    path: '/news/list',
    summary: 'News, newest first, in the request language where translated',
    query: newsListQuery,
    response: ok(page(newsItem)),
  },
  newsDetail: {
    ...get,
    path: '/news/detail',
    summary: 'One article',
    query: newsDetailQuery,
    response: ok(newsDetail),
  },
} as const satisfies Api;

// Operator calls: the instrument list and trading suspension (docs/admin.md, Instruments)

export const adminInstrumentQuery = pageQuery.extend({
  q: z.string().trim().max(32).optional().describe('symbol or name (part of it)'),
  market: z.string().trim().toUpperCase().max(10).optional(),
  kind: z.enum(['stock', 'index']).optional(),
  suspended: z.enum(['true', 'false']).optional().describe('only suspended, or only trading, instruments'),
});
export const adminInstrument = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'index']),
  market: z.string().nullable().describe('market code of a stock; null for an index'),
  currency: z.string(),
  lotSize: z.number().int(),
  price: price.describe('the last price'),
  changePercent: price,
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
});
export type AdminInstrument = z.infer<typeof adminInstrument>;
export const instrumentSuspendBody = z.strictObject({
  id: idField,
  reason: z.string().trim().min(1, { error: 'validation.required' }).max(500),
});
export const instrumentResumeBody = z.strictObject({ id: idField });

const trading = { access: 'operator', roles: ['trading'] } as const;

/** Operators list instruments and suspend or resume trading in one; each change is audited. */
export const marketAdminApi = {
  instrumentList: {
    ...trading,
    method: 'GET',
    path: '/admin/instrument/list',
    summary: 'Instruments with their last price and whether trading is suspended',
    query: adminInstrumentQuery,
    response: ok(page(adminInstrument)),
  },
  instrumentSuspend: {
    ...trading,
    method: 'POST',
    path: '/admin/instrument/suspend',
    summary: 'Suspend trading in an instrument, with a reason (new orders are refused)',
    body: instrumentSuspendBody,
    response: ok(adminInstrument),
  },
  instrumentResume: {
    ...trading,
    method: 'POST',
    path: '/admin/instrument/resume',
    summary: 'Resume trading in a suspended instrument',
    body: instrumentResumeBody,
    response: ok(adminInstrument),
  },
} as const satisfies Api;

/** WebSocket `/api/v1/ws` (docs/api.md, realtime). */
export const userTopics = ['balance', 'orders', 'notice', 'support', 'deposits', 'withdrawals'] as const;
export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), topics: z.array(z.string()).min(1).max(100) }),
  z.object({ op: z.literal('unsub'), topics: z.array(z.string()).min(1).max(100) }),
  z.object({ op: z.literal('ping') }),
  z.object({ op: z.literal('auth'), token: z.string().min(1) }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;
