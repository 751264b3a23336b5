import type { Candle, FeedHealth, KlineInterval, Quote } from '@soar/contract';
import type { Instrument, QuoteState } from './instrument.ts';

/** One trade as it travels to subscribers (and through Redis to other API nodes). */
export type TickEvent = { quote: Quote; bars: Partial<Record<KlineInterval, Candle>> };

/**
 * Where prices come from, and the only way to them (docs/market.md, Feeds): quotes, candles,
 * search, trading, IPO listing and realtime depend on this interface, never on the engine behind
 * it. Behind it each market is priced by the simulator, a vendor feed or a replay.
 */
export interface QuoteProvider {
  readonly instruments: readonly Instrument[];
  /** Every market trades around the clock (MARKETS_ALWAYS_OPEN). */
  readonly alwaysOpen: boolean;
  readonly clock: () => number;
  instrument(symbol: string): Instrument | undefined;
  /** The live state of an instrument: its last price and the bid and ask quoted with it. */
  state(instrument: Instrument): QuoteState | undefined;
  quote(instrument: Instrument): Quote;
  /** Latest quotes of the known symbols among `symbols`, in their order. */
  getQuotes(symbols: string[]): Quote[];
  quotesOf(filter: (instrument: Instrument) => boolean): Quote[];
  /** Bars in ascending time, the newest `limit`, including the one still open. */
  getHistory(symbol: string, interval: KlineInterval, limit: number): Promise<Candle[]>;
  /** Every trade and quote as it happens; returns the unsubscribe. */
  stream(listener: (tick: TickEvent) => void): () => void;
  /** Instruments whose symbol or name contains the folded text. */
  search(text: string, limit: number): Instrument[];
  /** An instrument listed while running (an IPO) joins the universe; false when already there. */
  list(instrument: Instrument, state: QuoteState): boolean;
  /** A tick from the engine node, received through Redis (API nodes). */
  applyRemote(event: TickEvent): void;
  /** The instrument's market feed is disconnected, or silent while in session: do not trade on it. */
  isStale(instrument: Instrument): boolean;
  /** Each market's feed, for operators. */
  feeds(): FeedHealth[];
  /** Feed health from the engine node, received through Redis (API nodes). */
  applyRemoteFeeds(feeds: FeedHealth[]): void;
}

/** Lower case without accents: "Nestlé" and "NESTLE" both read "nestle". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
