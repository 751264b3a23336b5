import type { KlineInterval } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { localTime } from '../core/time.ts';
import type { Database, Transaction } from '../db/client.ts';

export const intervals: readonly KlineInterval[] = ['1m', '5m', '15m', '1h', '1d'];
export const intervalMs: Record<Exclude<KlineInterval, '1d'>, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
};

/** A bar in memory: prices on the tick grid as floats, `time` the bar's start in epoch ms. */
export type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };
export type CandleRow = Bar & { instrumentId: number; interval: KlineInterval };

/** The start of the bar holding `at`: intraday bars on UTC boundaries, daily bars by local trading date. */
export function barStart(interval: KlineInterval, at: number, timezone: string): number {
  if (interval === '1d') {
    const [y, m, d] = localTime(new Date(at), timezone).date.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  }
  const size = intervalMs[interval];
  return at - (at % size);
}

/**
 * The open bars of every instrument and interval, updated on each trade. Bars touched since the
 * last flush are kept in `dirty` (at most one entry per instrument, interval and bar) and
 * written in one statement per batch: memory is bounded by the universe, not by the tick rate.
 */
export class CandleBook {
  readonly #open = new Map<string, CandleRow>();
  #dirty = new Map<string, CandleRow>();

  apply(instrumentId: number, timezone: string, price: number, volume: number, at: number): CandleRow[] {
    const touched: CandleRow[] = [];
    for (const interval of intervals) {
      const key = `${instrumentId}|${interval}`;
      const time = barStart(interval, at, timezone);
      let bar = this.#open.get(key);
      if (!bar || bar.time !== time) {
        bar = { instrumentId, interval, time, open: price, high: price, low: price, close: price, volume: 0 };
        this.#open.set(key, bar);
      }
      bar.high = Math.max(bar.high, price);
      bar.low = Math.min(bar.low, price);
      bar.close = price;
      bar.volume += volume;
      this.#dirty.set(`${key}|${time}`, { ...bar });
      touched.push(bar);
    }
    return touched;
  }

  /** Seeds the open daily bar from history so today's high, low and volume survive a restart. */
  seed(row: CandleRow): void {
    this.#open.set(`${row.instrumentId}|${row.interval}`, { ...row });
  }

  /** A finished bar from elsewhere (a vendor's history): stored at the next flush, open bars untouched. */
  record(row: CandleRow): void {
    this.#dirty.set(`${row.instrumentId}|${row.interval}|${row.time}`, { ...row });
  }

  current(instrumentId: number, interval: KlineInterval): CandleRow | undefined {
    return this.#open.get(`${instrumentId}|${interval}`);
  }

  takeDirty(): CandleRow[] {
    const rows = [...this.#dirty.values()];
    this.#dirty = new Map();
    return rows;
  }

  get pending(): number {
    return this.#dirty.size;
  }
}

const batchSize = 2500;
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * Writes bars in batches, one `insert ... select from unnest(...)` statement per 2,500 rows (eight
 * array parameters instead of 20,000 scalars), yielding between batches: PGlite runs queries on
 * the main thread, so a long backfill must leave room for requests and WebSocket sends. On conflict the stored bar is merged, never
 * shrunk: a restarted engine must not lose the high, low or volume of the bar it rejoins.
 */
export async function writeCandles(
  db: Database | Transaction,
  rows: CandleRow[],
  formatPrice: (row: CandleRow, value: number) => string,
  cancelled: () => boolean = () => false,
) {
  for (let start = 0; start < rows.length && !cancelled(); start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const column = <T extends string | number>(pick: (row: CandleRow) => T) => arrayLiteral(batch.map(pick));
    await db.execute(sql`
      insert into candles (instrument_id, interval, time, open, high, low, close, volume)
      select * from unnest(
        ${column((row) => row.instrumentId)}::int[],
        ${column((row) => row.interval)}::text[],
        ${column((row) => `"${new Date(row.time).toISOString()}"`)}::timestamptz[],
        ${column((row) => formatPrice(row, row.open))}::numeric[],
        ${column((row) => formatPrice(row, row.high))}::numeric[],
        ${column((row) => formatPrice(row, row.low))}::numeric[],
        ${column((row) => formatPrice(row, row.close))}::numeric[],
        ${column((row) => row.volume)}::bigint[]
      )
      on conflict (instrument_id, interval, time) do update set
        high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low),
        close = excluded.close,
        volume = greatest(candles.volume, excluded.volume)`);
    if (start + batchSize < rows.length) await new Promise((resolve) => setImmediate(resolve));
  }
}
