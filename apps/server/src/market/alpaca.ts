import WebSocket from 'ws';
import { parseAlpacaMessage, readBar } from './alpaca-messages.ts';
import type { ExchangeCalendar } from './calendar.ts';
import type { Feed, FeedBar, FeedResume, FeedSink, FeedSnapshot } from './feed.ts';
import type { Instrument } from './instrument.ts';

export type AlpacaOptions = {
  keyId: string;
  secretKey: string;
  /** The trading API (its market calendar), e.g. https://paper-api.alpaca.markets. */
  apiUrl: string;
  /** The v2 stream, e.g. wss://stream.data.alpaca.markets/v2/iex (its last segment names the REST feed). */
  streamUrl: string;
  /** Market data REST, e.g. https://data.alpaca.markets. */
  dataUrl: string;
  /** The engine's clock: message times are the vendor's, gaps are measured on it. */
  clock: () => number;
  /** First reconnect delay; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  onError?: (error: unknown) => void;
};

/** Stream error codes that mean the credentials or the plan, not the network (Alpaca's docs, Errors). */
const refusals: Record<number, string> = {
  401: 'not authenticated',
  402: 'auth failed',
  404: 'auth timeout',
  406: 'connection limit exceeded',
  409: 'insufficient subscription',
};

const dayMs = 24 * 60 * 60 * 1000;
const symbolsPerCall = 200;
const symbolLimitExceeded = 405;
const regularClose = '16:00';
const freePlanSymbols = 30;
/** A start waits this long for the subscription, then goes on with stale quotes. */
const startWaitMs = 15_000;
/** Daily history fetched on a first start: the longest chart range (5Y). */
const historyYears = 5;

/**
 * US stocks from Alpaca's market data (docs/market.md, Feeds): the v2 stream in JSON text frames
 * (trades for last price and volume, quotes for bid and ask) and the REST snapshots and bars for
 * where each symbol stands at start and the minutes missed while disconnected. Written on `ws` and
 * `fetch`: the official SDK's stream client speaks MessagePack and brings axios, and two calls and
 * five message types are all Soar needs.
 */
export class AlpacaFeed implements Feed {
  readonly source = 'alpaca' as const;
  #socket: WebSocket | undefined;
  #sink: FeedSink | undefined;
  #symbols: string[] = [];
  #stopped = false;
  #backoff: number;
  #retry: NodeJS.Timeout | undefined;
  /** The newest vendor time received: a reconnect fills the minutes after it. */
  #lastAt: number | undefined;
  #resume: FeedResume = { minute: undefined, day: undefined };
  #started = false;
  /** The vendor refused the whole universe's trades and quotes (405): the busiest names only. */
  #limited = false;
  /** The symbols whose trades and quotes stream (all, or the busiest once limited). */
  #streamed = new Set<string>();

  constructor(private readonly options: AlpacaOptions) {
    this.#backoff = options.backoffMs ?? 1000;
  }

  markets(universe: readonly Instrument[]): string[] {
    return universe.some((instrument) => instrument.kind === 'stock' && instrument.market === 'US') ? ['US'] : [];
  }

  /** The REST `feed` parameter: the stream's source (`iex`, `sip`), when its URL names one. */
  get #restFeed(): string | undefined {
    const last = new URL(this.options.streamUrl).pathname.split('/').at(-1);
    return last === 'iex' || last === 'sip' || last === 'delayed_sip' ? last : undefined;
  }

  /** Connects (again, after a stop: a standby engine taking over starts the feed it stopped). */
  start(symbols: string[], sink: FeedSink, resume: FeedResume): Promise<void> {
    this.#stopped = false;
    this.#symbols = symbols;
    this.#streamed = new Set(symbols);
    this.#sink = sink;
    this.#resume = resume;
    return new Promise((resolve, reject) => this.#connect({ resolve, reject }));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.terminate();
      });
    }
  }

  #connect(first?: { resolve: () => void; reject: (error: Error) => void }): void {
    const sink = this.#sink;
    if (!sink || this.#stopped) return;
    sink.state('connecting');
    const socket = new WebSocket(this.options.streamUrl, { handshakeTimeout: 10_000 });
    this.#socket = socket;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled || !first) return;
      settled = true;
      clearTimeout(waiting);
      if (error) first.reject(error);
      else first.resolve();
    };
    const waiting = first ? setTimeout(() => settle(), startWaitMs).unref() : undefined;
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        sink.malformed('a binary frame (the stream is read as JSON text)');
        return;
      }
      const text = data.toString();
      let frame: unknown;
      try {
        frame = JSON.parse(text);
      } catch {
        sink.malformed(`not JSON: ${text.slice(0, 80)}`);
        return;
      }
      if (!Array.isArray(frame)) {
        sink.malformed('a frame that is not an array');
        return;
      }
      for (const item of frame) {
        sink.heard();
        const message = parseAlpacaMessage(item);
        switch (message.kind) {
          case 'malformed':
            sink.malformed(message.reason);
            break;
          case 'connected':
            socket.send(JSON.stringify({ action: 'auth', key: this.options.keyId, secret: this.options.secretKey }));
            break;
          case 'authenticated': {
            // A reconnect of a limited feed asks for the busiest names again, not for the refused list.
            const streamed = [...this.#streamed];
            socket.send(
              JSON.stringify({ action: 'subscribe', trades: streamed, quotes: streamed, bars: this.#symbols }),
            );
            break;
          }
          case 'subscription':
            this.#subscribed(sink)
              .then(() => settle())
              .catch((error: unknown) => {
                this.options.onError?.(error);
                settle();
              });
            break;
          case 'error': {
            const refusal = refusals[message.code];
            const error = new Error(
              refusal
                ? `Alpaca refused the market data connection (${message.code} ${message.message}): check ALPACA_KEY_ID and ALPACA_SECRET_KEY and the plan's feed in ALPACA_DATA_STREAM_URL`
                : `Alpaca stream error ${message.code}: ${message.message}`,
            );
            this.options.onError?.(error);
            if (refusal && !this.#started) {
              this.#stopped = true;
              settle(error);
              socket.terminate();
            } else if (message.code === symbolLimitExceeded && !this.#limited) {
              // The free plan streams trades and quotes of 30 symbols (bars of any number): the
              // busiest names keep their real sides, the rest move by minute bars.
              this.#limited = true;
              const busiest = this.#symbols.slice(0, freePlanSymbols);
              this.#streamed = new Set(busiest);
              socket.send(
                JSON.stringify({ action: 'subscribe', trades: busiest, quotes: busiest, bars: this.#symbols }),
              );
            }
            break;
          }
          case 'trade':
            this.#heard(message.trade.time);
            sink.trade(message.trade);
            break;
          case 'quote':
            this.#heard(message.quote.time);
            sink.quote(message.quote);
            break;
          case 'bar':
            this.#heard(message.bar.time + 60_000);
            // A streamed symbol's trades are in its quote and candles already: only the others move by bars.
            if (!this.#streamed.has(message.bar.symbol)) sink.bars('1m', [message.bar]);
            break;
          case 'ignored':
            break;
        }
      }
    });
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.#socket === socket) this.#socket = undefined;
      if (this.#stopped) {
        settle(new Error('the Alpaca feed stopped before it connected'));
        return;
      }
      sink.state('disconnected');
      // A network that is down at start does not stop the server: quotes stay stale until it is back.
      settle();
      this.#retry = setTimeout(() => this.#connect(), this.#backoff);
      this.#backoff = Math.min(this.#backoff * 2, this.options.maxBackoffMs ?? 30_000);
    });
  }

  #heard(time: number) {
    if (this.#lastAt === undefined || time > this.#lastAt) this.#lastAt = time;
  }

  /** Subscribed: where each symbol stands (first connection), the missed minutes, then live. */
  async #subscribed(sink: FeedSink): Promise<void> {
    const now = this.options.clock();
    const first = !this.#started;
    this.#started = true;
    this.#backoff = this.options.backoffMs ?? 1000;
    const from = this.#lastAt ?? (this.#resume.minute === undefined ? now - dayMs : this.#resume.minute + 60_000);
    sink.bars('1m', await this.#bars('1Min', Math.max(from, now - 5 * dayMs), now));
    if (first) {
      // After the minutes: the vendor's days replace the day bars the minutes printed into, and the
      // snapshot's day (which holds those minutes already) sets today's, so nothing counts twice.
      const days = this.#resume.day === undefined ? now - historyYears * 366 * dayMs : this.#resume.day + dayMs;
      sink.bars('1d', await this.#bars('1Day', days, now));
      for (const snapshot of await this.#snapshots()) sink.snapshot(snapshot);
    }
    sink.state('connected');
  }

  /**
   * The NYSE calendar from Alpaca's `GET /v2/calendar` (its trading days with their open and close)
   * for last year to next: a weekday it does not list is a holiday, a close before 16:00 an early one.
   */
  async calendar(): Promise<ExchangeCalendar> {
    const year = new Date(this.options.clock()).getUTCFullYear();
    const covers = { from: `${year - 1}-01-01`, through: `${year + 1}-12-31` };
    const body = await this.#get('/v2/calendar', { start: covers.from, end: covers.through }, this.options.apiUrl);
    if (!Array.isArray(body)) throw new Error('Alpaca /v2/calendar answered no list');
    const days = new Map<string, string>();
    for (const item of body as { date?: unknown; close?: unknown }[]) {
      if (typeof item?.date === 'string' && typeof item.close === 'string') days.set(item.date, item.close);
    }
    if (days.size === 0) throw new Error('Alpaca /v2/calendar answered no trading day');
    const holidays: Record<string, string> = {};
    const earlyCloses: Record<string, string> = {};
    for (let time = Date.parse(covers.from); time <= Date.parse(covers.through); time += dayMs) {
      const date = new Date(time).toISOString().slice(0, 10);
      const weekday = new Date(time).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const close = days.get(date);
      if (close === undefined) holidays[date] = 'Closed (Alpaca calendar)';
      else if (close < regularClose) earlyCloses[date] = close.slice(0, 5);
    }
    return { exchange: 'NYSE', source: `Alpaca ${this.options.apiUrl}/v2/calendar`, holidays, earlyCloses, covers };
  }

  async #get(path: string, query: Record<string, string | undefined>, base = this.options.dataUrl): Promise<unknown> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
    const response = await fetch(url, {
      headers: { 'APCA-API-KEY-ID': this.options.keyId, 'APCA-API-SECRET-KEY': this.options.secretKey },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Alpaca ${url.pathname} answered ${response.status}`);
    return response.json();
  }

  async #snapshots(): Promise<FeedSnapshot[]> {
    const snapshots: FeedSnapshot[] = [];
    for (const symbols of chunks(this.#symbols)) {
      const body = (await this.#get('/v2/stocks/snapshots', { symbols: symbols.join(','), feed: this.#restFeed })) as
        | Record<string, unknown>
        | undefined;
      for (const symbol of symbols) {
        const snapshot = readSnapshot(symbol, body?.[symbol]);
        if (snapshot) snapshots.push(snapshot);
      }
    }
    return snapshots;
  }

  async #bars(timeframe: '1Min' | '1Day', from: number, to: number): Promise<FeedBar[]> {
    if (to <= from) return [];
    const bars: FeedBar[] = [];
    for (const symbols of chunks(this.#symbols)) {
      let pageToken: string | undefined;
      do {
        const body = (await this.#get('/v2/stocks/bars', {
          symbols: symbols.join(','),
          timeframe,
          start: new Date(from).toISOString(),
          end: new Date(to).toISOString(),
          limit: '10000',
          adjustment: 'raw',
          feed: this.#restFeed,
          page_token: pageToken,
        })) as { bars?: Record<string, unknown[]>; next_page_token?: string | null };
        for (const [symbol, list] of Object.entries(body.bars ?? {})) {
          for (const item of list ?? []) {
            const bar = readBar(symbol, item);
            if (bar) bars.push(bar);
          }
        }
        pageToken = body.next_page_token ?? undefined;
      } while (pageToken);
    }
    return bars.sort((a, b) => a.time - b.time);
  }
}

function chunks(symbols: string[]): string[][] {
  const result: string[][] = [];
  for (let i = 0; i < symbols.length; i += symbolsPerCall) result.push(symbols.slice(i, i + symbolsPerCall));
  return result;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function readSnapshot(symbol: string, item: unknown): FeedSnapshot | undefined {
  const snapshot = item as Record<string, Record<string, unknown> | undefined> | null;
  const trade = snapshot?.latestTrade;
  const price = trade?.p;
  const time = timeOf(trade?.t);
  if (!isNumber(price) || !(price > 0) || !Number.isFinite(time)) return undefined;
  const quote = snapshot?.latestQuote;
  const bid = quote?.bp;
  const ask = quote?.ap;
  const day = readBar(symbol, snapshot?.dailyBar);
  const prevClose = snapshot?.prevDailyBar?.c;
  return {
    symbol,
    price,
    time,
    ...(isNumber(bid) && isNumber(ask) && bid > 0 && ask >= bid ? { bid, ask } : {}),
    ...(day ? { day } : {}),
    ...(isNumber(prevClose) && prevClose > 0 ? { prevClose } : {}),
  };
}
