import type { Candle, KlineInterval, Quote } from '@soar/contract';
import type { Instrument } from './instrument.ts';

/** One trade as it travels to subscribers (and through Redis to other API nodes). */
export type TickEvent = { quote: Quote; bars: Partial<Record<KlineInterval, Candle>> };

/**
 * Where quotes come from (STYLE.md, the Ghostfolio note): the embedded simulator today, a data
 * vendor's adapter tomorrow. The HTTP and WebSocket layers see only this.
 */
export interface QuoteProvider {
  /** Latest quotes of the known symbols among `symbols`, in their order. */
  getQuotes(symbols: string[]): Quote[];
  /** Bars in ascending time, the newest `limit`, including the one still open. */
  getHistory(symbol: string, interval: KlineInterval, limit: number): Promise<Candle[]>;
  /** Every trade as it happens; returns the unsubscribe. */
  stream(listener: (tick: TickEvent) => void): () => void;
  /** Instruments whose symbol or name contains the folded text. */
  search(text: string, limit: number): Instrument[];
}

/** Lower case without accents: "Nestlé" and "NESTLE" both read "nestle". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
