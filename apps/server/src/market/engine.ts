import type { Candle, KlineInterval, Quote } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { localTime } from '../core/time.ts';
import type { Database } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';
import { type Bar, CandleBook, type CandleRow, writeCandles } from './candles.ts';
import { type HistoryWindow, InstrumentHistory } from './history.ts';
import { formatPrice, type Instrument, type QuoteState, toQuote } from './instrument.ts';
import { fold, type QuoteProvider, type TickEvent } from './provider.ts';
import { Simulator } from './simulator.ts';
import { latestDailyBars, loadInstruments, readBars } from './store.ts';

export type EngineOptions = {
  db: Database;
  seed: number;
  alwaysOpen: boolean;
  /** The engine's clock (tests pin it). */
  clock?: () => number;
  tickMs?: number;
  flushMs?: number;
  /** Share of the open instruments that trade on each tick. */
  fraction?: number;
  /**
   * A candle write failed (the bars stay in memory only; the next flush writes newer ones), or a
   * listed instrument could not be loaded (its next tick tries again).
   */
  onError?: (error: unknown) => void;
};

/** `app_settings` key holding the first start (`at`): computed history ends there, stored bars begin. */
const historyMarker = 'market.history';

export type HistoryReport = { instruments: number; ms: number };

/** Computed bars kept per instrument and interval (the rest are recomputed on demand, a few ms each). */
const historyCacheSize = 64;

/**
 * The market engine: the instrument universe in memory, the simulator, the open candles and
 * their batched persistence. It is the `QuoteProvider` of this process. On an API node that does
 * not simulate (MARKET_ENGINE=off with Redis), `applyRemote` keeps its quotes current instead.
 */
export class MarketEngine implements QuoteProvider {
  instruments: Instrument[] = [];
  readonly #bySymbol = new Map<string, Instrument>();
  readonly #byId = new Map<number, Instrument>();
  readonly #listeners = new Set<(tick: TickEvent) => void>();
  readonly candles = new CandleBook();
  #simulator: Simulator | undefined;
  #timers: NodeJS.Timeout[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #window: HistoryWindow | undefined;
  #epoch = 0;
  readonly #histories = new Map<number, InstrumentHistory>();
  readonly #historyCache = new Map<string, CandleRow[]>();
  readonly #joining = new Set<string>();
  readonly clock: () => number;

  constructor(private readonly options: EngineOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /** Every market trades around the clock (MARKETS_ALWAYS_OPEN). */
  get alwaysOpen(): boolean {
    return this.options.alwaysOpen;
  }

  get simulator(): Simulator {
    if (!this.#simulator) throw new Error('MarketEngine.load() has not run');
    return this.#simulator;
  }

  async load(): Promise<void> {
    this.instruments = await loadInstruments(this.options.db);
    for (const instrument of this.instruments) {
      this.#bySymbol.set(instrument.symbol, instrument);
      this.#byId.set(instrument.id, instrument);
    }
    this.#simulator = new Simulator([...this.instruments], {
      seed: this.options.seed,
      alwaysOpen: this.options.alwaysOpen,
      fraction: this.options.fraction,
    });
  }

  /**
   * Starts every instrument: from its stored bars when there are some, else from the computed
   * history at the epoch (`history` given: the engine is on), else near the reference price.
   * The first start with history only records the epoch: past candles are computed on demand
   * (`history.ts`), so nothing is written in bulk and charts are full at once.
   */
  async prepare(history?: HistoryWindow): Promise<HistoryReport | undefined> {
    const now = this.clock();
    const latest = await latestDailyBars(this.options.db);
    let report: HistoryReport | undefined;
    if (history) {
      const started = performance.now();
      const [marker] = await this.options.db.select().from(appSettings).where(eq(appSettings.key, historyMarker));
      const at = (marker?.value as { at?: string } | undefined)?.at;
      this.#window = history;
      this.#epoch = at ? Date.parse(at) : now - (now % 60_000);
      if (!marker) {
        await this.options.db
          .insert(appSettings)
          .values({ key: historyMarker, value: { at: new Date(this.#epoch).toISOString() } })
          .onConflictDoNothing();
      }
      for (const instrument of this.instruments) {
        const stored = latest.get(instrument.id);
        if (stored || instrument.listedAt) {
          this.simulator.initialise(instrument, now, stored);
          continue;
        }
        const computed = this.#history(instrument);
        this.simulator.initialise(instrument, now, computed.state());
        for (const bar of computed.openBars()) this.candles.seed(bar);
      }
      if (!marker) report = { instruments: this.instruments.length, ms: Math.round(performance.now() - started) };
    } else {
      for (const instrument of this.instruments) {
        this.simulator.initialise(instrument, now, latest.get(instrument.id));
      }
    }
    for (const instrument of this.instruments) {
      const state = this.simulator.states.get(instrument.id);
      if (state) this.#seedDay(instrument, state);
    }
    return report;
  }

  #history(instrument: Instrument): InstrumentHistory {
    let history = this.#histories.get(instrument.id);
    if (!history && this.#window) {
      history = new InstrumentHistory(instrument, { seed: this.options.seed, epoch: this.#epoch, ...this.#window });
      this.#histories.set(instrument.id, history);
    }
    if (!history) throw new Error('the engine keeps no history (MARKET_ENGINE=off)');
    return history;
  }

  /** The computed bars of an instrument up to the epoch (none when the engine keeps no history). */
  #computedBars(instrument: Instrument, interval: KlineInterval): CandleRow[] {
    if (!this.#window || instrument.listedAt) return [];
    const key = `${instrument.id}|${interval}`;
    let rows = this.#historyCache.get(key);
    if (rows) {
      this.#historyCache.delete(key); // most recently used last
    } else {
      rows = this.#history(instrument).bars(interval);
      if (this.#historyCache.size >= historyCacheSize) {
        const oldest = this.#historyCache.keys().next().value;
        if (oldest !== undefined) this.#historyCache.delete(oldest);
      }
    }
    this.#historyCache.set(key, rows);
    return rows;
  }

  readonly #format = (row: CandleRow, value: number) => {
    const instrument = this.#byId.get(row.instrumentId);
    return instrument ? formatPrice(instrument, value) : String(value);
  };

  /** Ticks several times a second and flushes candles every few seconds; timers never hold the process. */
  start(): void {
    const tickMs = this.options.tickMs ?? 250;
    const flushMs = this.options.flushMs ?? 2000;
    this.#timers.push(setInterval(() => this.tick(), tickMs).unref());
    this.#timers.push(
      setInterval(() => void this.flush().catch((error) => this.options.onError?.(error)), flushMs).unref(),
    );
  }

  /**
   * An instrument listed while the engine runs (an IPO, docs/ipo.md) joins the universe: quotes,
   * markets, search and the simulator from `state`; its day's bar continues from the listing.
   * Answers false when it is already there (a second call changes nothing).
   */
  list(instrument: Instrument, state: QuoteState): boolean {
    if (this.#bySymbol.has(instrument.symbol)) return false;
    this.instruments.push(instrument);
    this.#bySymbol.set(instrument.symbol, instrument);
    this.#byId.set(instrument.id, instrument);
    this.simulator.add(instrument, state);
    this.#seedDay(instrument, state);
    return true;
  }

  /** The open daily bar from the quote's day, so today's open, high, low and volume carry on. */
  #seedDay(instrument: Instrument, state: QuoteState): void {
    const [y, m, d] = state.day.split('-').map(Number);
    if (!y || !m || !d) return;
    this.candles.seed({
      instrumentId: instrument.id,
      interval: '1d',
      time: Date.UTC(y, m - 1, d),
      open: state.open,
      high: state.high,
      low: state.low,
      close: state.price,
      volume: state.volume,
    });
  }

  /** Resolves when every flush so far is stored. */
  settled(): Promise<void> {
    return this.#flushing;
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.flush().catch((error: unknown) => this.options.onError?.(error));
  }

  /** One market step at `now`: trades, candle updates, and a `TickEvent` per trade to listeners. */
  tick(now: number = this.clock()): TickEvent[] {
    const events: TickEvent[] = [];
    for (const trade of this.simulator.step(new Date(now))) {
      const bars = this.candles.apply(
        trade.instrument.id,
        trade.instrument.schedule.timezone,
        trade.price,
        trade.volume,
        trade.time,
      );
      const event: TickEvent = { quote: toQuote(trade.instrument, trade.state), bars: {} };
      for (const bar of bars) event.bars[bar.interval] = this.#candle(trade.instrument, bar);
      events.push(event);
    }
    for (const event of events) for (const listener of this.#listeners) listener(event);
    return events;
  }

  /** Writes the bars touched since the last flush; flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing
      .catch(() => {})
      .then(async () => {
        const rows = this.candles.takeDirty();
        if (rows.length > 0) await writeCandles(this.options.db, rows, this.#format);
      });
    return this.#flushing;
  }

  /** A trade simulated on another node, received through Redis. */
  applyRemote(event: TickEvent): void {
    const instrument = this.#bySymbol.get(event.quote.symbol);
    const state = instrument && this.simulator.states.get(instrument.id);
    if (!instrument) this.#joinListed(event);
    if (!instrument || !state) return;
    const { quote } = event;
    Object.assign(state, {
      price: Number(quote.price),
      open: Number(quote.open),
      high: Number(quote.high),
      low: Number(quote.low),
      prevClose: Number(quote.prevClose),
      volume: quote.volume,
      time: Date.parse(quote.time),
      mid: undefined,
      quoted:
        quote.bid !== null && quote.ask !== null
          ? { last: Number(quote.price), bid: Number(quote.bid), ask: Number(quote.ask) }
          : undefined,
    });
    for (const [interval, bar] of Object.entries(event.bars)) {
      this.candles.seed({
        instrumentId: instrument.id,
        interval: interval as KlineInterval,
        time: Date.parse(bar.time),
        open: Number(bar.open),
        high: Number(bar.high),
        low: Number(bar.low),
        close: Number(bar.close),
        volume: bar.volume,
      });
    }
  }

  /**
   * A tick for a symbol this node does not know: the engine node listed an IPO since this node
   * loaded its universe. It joins from its row, at the quote received (once; later ticks apply).
   */
  #joinListed(event: TickEvent): void {
    const { symbol } = event.quote;
    if (this.#joining.has(symbol)) return;
    this.#joining.add(symbol);
    void loadInstruments(this.options.db, symbol)
      .then(([instrument]) => {
        if (!instrument?.listedAt) return;
        const { quote } = event;
        this.list(instrument, {
          price: Number(quote.price),
          open: Number(quote.open),
          high: Number(quote.high),
          low: Number(quote.low),
          prevClose: Number(quote.prevClose),
          volume: quote.volume,
          day: localTime(new Date(quote.time), instrument.schedule.timezone).date,
          time: Date.parse(quote.time),
        });
      })
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => this.#joining.delete(symbol));
  }

  #candle(instrument: Instrument, bar: Bar): Candle {
    return {
      time: new Date(bar.time).toISOString(),
      open: formatPrice(instrument, bar.open),
      high: formatPrice(instrument, bar.high),
      low: formatPrice(instrument, bar.low),
      close: formatPrice(instrument, bar.close),
      volume: bar.volume,
    };
  }

  instrument(symbol: string): Instrument | undefined {
    return this.#bySymbol.get(symbol);
  }

  quote(instrument: Instrument): Quote {
    const state = this.simulator.states.get(instrument.id);
    if (!state) throw new Error(`instrument ${instrument.symbol} is not initialised`);
    return toQuote(instrument, state);
  }

  getQuotes(symbols: string[]): Quote[] {
    return symbols.flatMap((symbol) => {
      const instrument = this.#bySymbol.get(symbol);
      return instrument ? [this.quote(instrument)] : [];
    });
  }

  quotesOf(filter: (instrument: Instrument) => boolean): Quote[] {
    return this.instruments.filter(filter).map((instrument) => this.quote(instrument));
  }

  async getHistory(symbol: string, interval: KlineInterval, limit: number): Promise<Candle[]> {
    const instrument = this.#bySymbol.get(symbol);
    if (!instrument) return [];
    const stored = await readBars(this.options.db, instrument.id, interval, limit);
    // Computed history up to the epoch, then the stored bars (which win where both have a bar).
    const storedTimes = new Set(stored.map((bar) => bar.time));
    const computed = this.#computedBars(instrument, interval);
    const bars: Bar[] = [];
    for (let i = Math.max(0, computed.length - limit); i < computed.length; i++) {
      const bar = computed[i] as CandleRow;
      if (!storedTimes.has(bar.time)) bars.push(bar);
    }
    bars.push(...stored);
    bars.sort((a, b) => a.time - b.time);
    if (bars.length > limit) bars.splice(0, bars.length - limit);
    // The open bar in memory is newer than its stored copy (flushes run every few seconds).
    const open = this.candles.current(instrument.id, interval);
    if (open) {
      const last = bars.at(-1);
      if (last && last.time === open.time) bars[bars.length - 1] = open;
      else if (!last || last.time < open.time) bars.push(open);
      if (bars.length > limit) bars.shift();
    }
    return bars.map((bar) => this.#candle(instrument, bar));
  }

  stream(listener: (tick: TickEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  search(text: string, limit: number): Instrument[] {
    const needle = fold(text);
    const matches = this.instruments.filter(
      (instrument) => fold(instrument.symbol).includes(needle) || fold(instrument.name).includes(needle),
    );
    // Ticker prefix first, then the rest in universe order.
    const rank = (instrument: Instrument) => (fold(instrument.symbol).startsWith(needle) ? 0 : 1);
    return matches.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
  }
}
