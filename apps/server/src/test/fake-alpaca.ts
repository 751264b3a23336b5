import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

/** A bar as Alpaca's REST and stream send it: `t` its start (RFC 3339), prices, volume. */
export type FakeBar = { t: string; o: number; h: number; l: number; c: number; v: number; n?: number; vw?: number };

/** One symbol of `GET /v2/stocks/snapshots`. */
export type FakeSnapshot = {
  latestTrade?: { p: number; s: number; t: string; x?: string; i?: number; c?: string[]; z?: string };
  latestQuote?: { bp: number; ap: number; bs?: number; as?: number; t: string; bx?: string; ax?: string };
  minuteBar?: FakeBar;
  dailyBar?: FakeBar;
  prevDailyBar?: FakeBar;
};

/** One day of the trading API's `GET /v2/calendar`. */
export type FakeCalendarDay = {
  date: string;
  open: string;
  close: string;
  session_open?: string;
  session_close?: string;
  settlement_date?: string;
};

export type FakeRequest = { method: string; path: string; query: Record<string, string>; status: number };

/** What one stream connection subscribed to, as the last `subscription` message listed it. */
export type FakeSubscription = { trades: string[]; quotes: string[]; bars: string[] };

export type FakeAlpacaOptions = {
  keyId?: string;
  secretKey?: string;
  /** Bars per page at most, whatever the request's `limit` (small values exercise paging). */
  pageSize?: number;
  /** Symbols one connection may stream trades and quotes of (the free plan: 30); more: error 405. */
  symbolLimit?: number;
};

type Reply = [status: number, body: unknown];

type Client = { socket: WebSocket; authenticated: boolean; subscription: FakeSubscription };

const feeds = new Set(['iex', 'sip', 'delayed_sip', 'test']);
const maxLimit = 10_000;

/**
 * A local Alpaca written from its documented market data protocol, for tests of the real adapter:
 * one HTTP server with the data REST calls (`/v2/stocks/snapshots`, `/v2/stocks/bars`, paged by
 * `next_page_token`), the trading API's `/v2/calendar`, and the v2 stream upgraded at `/v2/<feed>`
 * (JSON text frames: `success`/`connected`, `auth`, `success`/`authenticated` or error 402 and a
 * close, `subscribe`, `subscription`). The test sets the data and drives the stream.
 */
export class FakeAlpaca {
  readonly keyId: string;
  readonly secretKey: string;
  /** Per symbol: what the snapshot call answers (symbols without one are left out, as Alpaca does). */
  readonly snapshots: Record<string, FakeSnapshot> = {};
  readonly minuteBars: Record<string, FakeBar[]> = {};
  readonly dailyBars: Record<string, FakeBar[]> = {};
  readonly calendar: FakeCalendarDay[] = [];
  /** Every REST call, in order, with the status it got. */
  readonly requests: FakeRequest[] = [];
  /** Every stream action received (`auth`, `subscribe`, ...), secrets included: the test checks them. */
  readonly actions: Record<string, unknown>[] = [];
  /** Stream connections: upgrades accepted, refused (`refuseConnections`), `subscription` acknowledgements sent. */
  readonly counts = { accepted: 0, refused: 0, acknowledged: 0 };
  pageSize: number;
  symbolLimit: number | undefined;
  readonly #server: Server;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #clients = new Set<Client>();
  #refusing = false;
  #waiters: { done: () => boolean; resolve: () => void }[] = [];

  private constructor(options: FakeAlpacaOptions) {
    this.keyId = options.keyId ?? 'test-key-id';
    this.secretKey = options.secretKey ?? 'test-secret-key';
    this.pageSize = options.pageSize ?? maxLimit;
    this.symbolLimit = options.symbolLimit;
    this.#server = createServer((request, response) => this.#rest(request, response));
    this.#server.on('upgrade', (request, socket, head) => this.#upgrade(request, socket, head));
  }

  static async start(options: FakeAlpacaOptions = {}): Promise<FakeAlpaca> {
    const fake = new FakeAlpaca(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get #port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** The REST base (data and trading API both). */
  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get streamUrl(): string {
    return `ws://127.0.0.1:${this.#port}/v2/iex`;
  }

  /** The subscription of the newest authenticated connection (empty lists before one). */
  get subscription(): FakeSubscription {
    const newest = [...this.#clients].filter((client) => client.authenticated).at(-1);
    return newest?.subscription ?? { trades: [], quotes: [], bars: [] };
  }

  /** Open stream connections. */
  get clients(): number {
    return this.#clients.size;
  }

  /** Sends one frame (an array of messages) to every open connection. */
  send(messages: object[]): void {
    this.sendRaw(JSON.stringify(messages));
  }

  /** Sends `text` as it is, to every open connection (malformed frames). */
  sendRaw(text: string): void {
    for (const client of this.#clients) if (client.socket.readyState === WebSocket.OPEN) client.socket.send(text);
  }

  /** Cuts every connection without a close frame, as a network that drops does. */
  dropClients(): void {
    for (const client of this.#clients) client.socket.terminate();
  }

  /** While true, stream upgrades are answered 503 and the socket closed. */
  refuseConnections(refuse: boolean): void {
    this.#refusing = refuse;
  }

  /** Resolves once `count` subscriptions have been acknowledged since the start. */
  acknowledged(count: number, timeoutMs = 5000): Promise<void> {
    return this.#until(() => this.counts.acknowledged >= count, timeoutMs, `${count} subscription(s)`);
  }

  async close(): Promise<void> {
    for (const client of this.#clients) client.socket.terminate();
    this.#wss.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((waiter) => waiter.resolve !== finish);
        reject(new Error(`fake Alpaca: no ${what} in ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#waiters.push({ done, resolve: finish });
    });
  }

  #changed(): void {
    const ready = this.#waiters.filter((waiter) => waiter.done());
    this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  // REST

  #rest(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const [status, body] = this.#route(request, url);
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status,
    });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  #route(request: IncomingMessage, url: URL): Reply {
    if (
      request.headers['apca-api-key-id'] !== this.keyId ||
      request.headers['apca-api-secret-key'] !== this.secretKey
    ) {
      return [403, { message: 'forbidden.' }];
    }
    if (request.method !== 'GET') return [405, { message: 'method not allowed' }];
    const params = url.searchParams;
    switch (url.pathname) {
      case '/v2/stocks/snapshots':
        return this.#snapshots(params);
      case '/v2/stocks/bars':
        return this.#bars(params);
      case '/v2/calendar':
        return this.#calendar(params);
      default:
        return [404, { message: 'Not Found' }];
    }
  }

  #snapshots(params: URLSearchParams): Reply {
    const symbols = symbolsOf(params);
    if (symbols.length === 0) return [400, { message: 'missing symbols' }];
    if (!feedOk(params)) return [400, { message: 'invalid feed' }];
    const body: Record<string, FakeSnapshot> = {};
    for (const symbol of symbols) {
      const snapshot = this.snapshots[symbol];
      if (snapshot) body[symbol] = snapshot;
    }
    return [200, body];
  }

  /**
   * Bars of every requested symbol in [start, end], by symbol then time, `limit` (at most
   * `pageSize`) per page; `next_page_token` names where the next page starts.
   */
  #bars(params: URLSearchParams): Reply {
    const symbols = symbolsOf(params);
    if (symbols.length === 0) return [400, { message: 'missing symbols' }];
    if (!feedOk(params)) return [400, { message: 'invalid feed' }];
    const timeframe = params.get('timeframe');
    const source = timeframe === '1Min' ? this.minuteBars : timeframe === '1Day' ? this.dailyBars : undefined;
    if (!source) return [422, { message: `invalid timeframe: ${timeframe}` }];
    const start = params.has('start') ? Date.parse(params.get('start') ?? '') : Number.NEGATIVE_INFINITY;
    const end = params.has('end') ? Date.parse(params.get('end') ?? '') : Number.POSITIVE_INFINITY;
    if (Number.isNaN(start) || Number.isNaN(end)) return [422, { message: 'invalid start or end' }];
    const limit = Number(params.get('limit') ?? 1000);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) return [422, { message: 'invalid limit' }];
    const all = [...symbols].sort().flatMap((symbol) =>
      (source[symbol] ?? [])
        .filter((bar) => Date.parse(bar.t) >= start && Date.parse(bar.t) <= end)
        .sort((a, b) => Date.parse(a.t) - Date.parse(b.t))
        .map((bar) => ({ symbol, bar })),
    );
    const token = params.get('page_token');
    const offset = token ? Number(Buffer.from(token, 'base64').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return [422, { message: 'invalid page token' }];
    const size = Math.min(limit, this.pageSize);
    const bars: Record<string, FakeBar[]> = {};
    for (const { symbol, bar } of all.slice(offset, offset + size)) bars[symbol] = [...(bars[symbol] ?? []), bar];
    const next = offset + size < all.length ? Buffer.from(String(offset + size)).toString('base64') : null;
    return [200, { bars, next_page_token: next }];
  }

  #calendar(params: URLSearchParams): Reply {
    const start = params.get('start') ?? '0000-00-00';
    const end = params.get('end') ?? '9999-99-99';
    return [200, this.calendar.filter((day) => day.date >= start && day.date <= end)];
  }

  // The stream

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const feed = new URL(request.url ?? '/', 'http://fake').pathname.match(/^\/v2\/([a-z_]+)$/)?.[1];
    if (!feed || !feeds.has(feed)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (this.#refusing) {
      this.counts.refused += 1;
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#connected(ws));
  }

  #connected(socket: WebSocket): void {
    this.counts.accepted += 1;
    const client: Client = { socket, authenticated: false, subscription: { trades: [], quotes: [], bars: [] } };
    this.#clients.add(client);
    socket.on('close', () => {
      this.#clients.delete(client);
      this.#changed();
    });
    socket.on('error', () => {});
    const reply = (messages: object[]) => socket.send(JSON.stringify(messages));
    reply([{ T: 'success', msg: 'connected' }]);
    socket.on('message', (data) => {
      let action: Record<string, unknown>;
      try {
        action = JSON.parse(data.toString());
      } catch {
        reply([{ T: 'error', code: 400, msg: 'invalid syntax' }]);
        return;
      }
      this.actions.push(action);
      if (action.action === 'auth') this.#auth(client, action, reply);
      else if (action.action === 'subscribe') this.#subscribe(client, action, reply);
      else reply([{ T: 'error', code: 400, msg: 'invalid syntax' }]);
    });
  }

  #auth(client: Client, action: Record<string, unknown>, reply: (messages: object[]) => void): void {
    if (client.authenticated) {
      reply([{ T: 'error', code: 403, msg: 'already authenticated' }]);
    } else if (action.key !== this.keyId || action.secret !== this.secretKey) {
      reply([{ T: 'error', code: 402, msg: 'auth failed' }]);
      client.socket.close();
    } else {
      client.authenticated = true;
      reply([{ T: 'success', msg: 'authenticated' }]);
    }
  }

  /** Adds to the connection's subscription and lists all of it, as Alpaca answers every subscribe. */
  #subscribe(client: Client, action: Record<string, unknown>, reply: (messages: object[]) => void): void {
    if (!client.authenticated) {
      reply([{ T: 'error', code: 401, msg: 'not authenticated' }]);
      return;
    }
    const wanted = {
      trades: union(client.subscription.trades, action.trades),
      quotes: union(client.subscription.quotes, action.quotes),
      bars: union(client.subscription.bars, action.bars),
    };
    const streamed = new Set([...wanted.trades, ...wanted.quotes]).size;
    if (this.symbolLimit !== undefined && streamed > this.symbolLimit) {
      reply([{ T: 'error', code: 405, msg: 'symbol limit exceeded' }]);
      return;
    }
    client.subscription = wanted;
    const none: string[] = [];
    reply([
      {
        T: 'subscription',
        ...wanted,
        updatedBars: none,
        dailyBars: none,
        statuses: none,
        lulds: none,
        corrections: none,
        cancelErrors: none,
      },
    ]);
    this.counts.acknowledged += 1;
    this.#changed();
  }
}

function feedOk(params: URLSearchParams): boolean {
  const feed = params.get('feed');
  return feed === null || feeds.has(feed);
}

function symbolsOf(params: URLSearchParams): string[] {
  return (params.get('symbols') ?? '')
    .split(',')
    .map((symbol) => symbol.trim())
    .filter(Boolean);
}

function union(had: string[], more: unknown): string[] {
  const added = Array.isArray(more) ? more.filter((item): item is string => typeof item === 'string') : [];
  return [...new Set([...had, ...added])];
}
