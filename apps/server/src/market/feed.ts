import type { FeedHealth } from '@soar/contract';
import type { Instrument } from './instrument.ts';

/** A vendor's trade print: last price, size and its time (epoch ms). */
export type FeedTrade = { symbol: string; price: number; size: number; time: number };
/** A vendor's best bid and offer: the sides the fill policy fills at (docs/trading.md). */
export type FeedQuote = { symbol: string; bid: number; ask: number; time: number };
/** A vendor's bar: `time` is its start; minute bars fill gaps, daily bars the chart's past. */
export type FeedBar = {
  symbol: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};
/** Where a symbol stands when a feed starts: its last trade and quote and today's bar. */
export type FeedSnapshot = {
  symbol: string;
  price: number;
  time: number;
  bid?: number;
  ask?: number;
  day?: Omit<FeedBar, 'symbol'>;
  prevClose?: number;
};

export type FeedState = FeedHealth['state'];

/** Where stored history ends when a feed starts: it fills in from there. */
export type FeedResume = { minute: number | undefined; day: number | undefined };

/** What a feed hands its messages to: the market engine. */
export interface FeedSink {
  /** Any message of the stream arrived (health: last message, messages per second). */
  heard(): void;
  trade(trade: FeedTrade): void;
  quote(quote: FeedQuote): void;
  snapshot(snapshot: FeedSnapshot): void;
  /** Bars from the vendor's REST history, oldest first (at start and after a reconnect). */
  bars(interval: '1m' | '1d', bars: FeedBar[]): void;
  state(state: FeedState): void;
  /** A frame that could not be read: counted and logged, never thrown. */
  malformed(reason: string): void;
}

/**
 * A vendor's (or a recording's) prices for some markets. The engine chooses feeds at start
 * (docs/market.md, Feeds); the simulator prices every market no feed claims.
 */
export interface Feed {
  readonly source: Exclude<FeedHealth['source'], 'simulator'>;
  /** The markets this feed prices, among the universe's. */
  markets(universe: readonly Instrument[]): string[];
  /**
   * Connects and subscribes to `symbols`; resolves once the first connection is up (or, for a
   * network that is down, once the first attempt failed: it retries in the background). Rejects
   * when the vendor refuses the credentials, naming the variables to check.
   */
  start(symbols: string[], sink: FeedSink, resume: FeedResume): Promise<void>;
  stop(): Promise<void>;
}

const window = 60;

/**
 * One market's feed health: state, last message, a minute of message counts, reconnects and
 * malformed frames. A market is stale when its feed is not connected, or when it has been
 * silent for `staleMs` while the market is in session (docs/market.md, Stale feeds).
 */
export class FeedMonitor {
  state: FeedState = 'connecting';
  lastMessageAt: number | undefined;
  reconnects = 0;
  malformed = 0;
  #connectedAt: number | undefined;
  #everConnected = false;
  readonly #counts = new Array<number>(window).fill(0);
  #second = 0;

  constructor(
    readonly market: string,
    readonly source: FeedHealth['source'],
    private readonly clock: () => number,
    private readonly staleMs: number,
  ) {}

  message(): void {
    const now = this.clock();
    this.lastMessageAt = now;
    this.#roll(now);
    const slot = Math.floor(now / 1000) % window;
    this.#counts[slot] = (this.#counts[slot] ?? 0) + 1;
  }

  changed(state: FeedState): void {
    if (state === this.state) return;
    if (state === 'connecting' && this.#everConnected) this.reconnects += 1;
    if (state === 'connected') {
      this.#everConnected = true;
      this.#connectedAt = this.clock();
    }
    this.state = state;
  }

  /** Clears the counts of the seconds that passed without a message. */
  #roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second - this.#second >= window) this.#counts.fill(0);
    else for (let s = this.#second + 1; s <= second; s++) this.#counts[s % window] = 0;
    this.#second = Math.max(this.#second, second);
  }

  stale(inSession: boolean): boolean {
    if (this.source === 'simulator') return false;
    if (this.state !== 'connected') return true;
    if (!inSession) return false;
    const heard = Math.max(this.lastMessageAt ?? 0, this.#connectedAt ?? 0);
    return this.clock() - heard > this.staleMs;
  }

  health(inSession: boolean): FeedHealth {
    const now = this.clock();
    this.#roll(now);
    const messages = this.#counts.reduce((sum, count) => sum + count, 0);
    return {
      market: this.market,
      source: this.source,
      state: this.state,
      stale: this.stale(inSession),
      lastMessageAt: this.lastMessageAt === undefined ? null : new Date(this.lastMessageAt).toISOString(),
      messagesPerSecond: Math.round((messages / window) * 100) / 100,
      reconnects: this.reconnects,
      malformed: this.malformed,
    };
  }
}
