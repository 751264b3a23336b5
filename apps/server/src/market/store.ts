import type { KlineInterval } from '@soar/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { candles, instruments, markets } from '../db/schema/index.ts';
import type { Bar } from './candles.ts';
import type { Instrument, QuoteState } from './instrument.ts';

/** The instrument universe as the engine holds it (or one symbol of it): a stock's market code, an index's country. */
export async function loadInstruments(db: Database | Transaction, symbol?: string): Promise<Instrument[]> {
  const rows = await db
    .select({ instrument: instruments, marketCode: markets.code })
    .from(instruments)
    .leftJoin(markets, eq(markets.id, instruments.marketId))
    .where(symbol === undefined ? undefined : eq(instruments.symbol, symbol))
    .orderBy(instruments.id);
  return rows.map(({ instrument, marketCode }) => {
    const market = instrument.kind === 'stock' ? (marketCode ?? '') : (instrument.country ?? '');
    return {
      id: instrument.id,
      symbol: instrument.symbol,
      kind: instrument.kind,
      market,
      name: instrument.name,
      sector: instrument.sector,
      currency: instrument.currency,
      lotSize: instrument.lotSize,
      schedule: { market, timezone: instrument.timezone, sessions: instrument.sessions },
      referencePrice: Number(instrument.referencePrice),
      volatility: Number(instrument.volatility),
      averageVolume: instrument.averageVolume,
      ...(instrument.listedAt ? { listedAt: instrument.listedAt.getTime() } : {}),
    };
  });
}

/** Each instrument's newest daily bar with the close before it: where a restarted engine resumes. */
export async function latestDailyBars(db: Database): Promise<Map<number, Omit<QuoteState, 'time'>>> {
  const rows = await queryRows<{
    instrument_id: number;
    time: string | Date;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string | number;
    prev_close: string | null;
  }>(
    db,
    sql`select * from (
      select instrument_id, time, open, high, low, close, volume,
        lag(close) over (partition by instrument_id order by time) as prev_close,
        row_number() over (partition by instrument_id order by time desc) as newest
      from candles where interval = '1d') bars
    where newest = 1`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.instrument_id),
      {
        price: Number(row.close),
        open: Number(row.open),
        high: Number(row.high),
        low: Number(row.low),
        prevClose: Number(row.prev_close ?? row.open),
        volume: Number(row.volume),
        day: new Date(row.time).toISOString().slice(0, 10),
      },
    ]),
  );
}

/** The newest `limit` stored bars, oldest first. */
export async function readBars(
  db: Database,
  instrumentId: number,
  interval: KlineInterval,
  limit: number,
): Promise<Bar[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.instrumentId, instrumentId), eq(candles.interval, interval)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return rows.reverse().map((row) => ({
    time: row.time.getTime(),
    open: Number(row.open),
    high: Number(row.high),
    low: Number(row.low),
    close: Number(row.close),
    volume: row.volume,
  }));
}

/** The newest stored minute and day bar among `instrumentIds`: where a feed fills in from. */
export async function newestBars(
  db: Database,
  instrumentIds: number[],
): Promise<{ minute: number | undefined; day: number | undefined }> {
  if (instrumentIds.length === 0) return { minute: undefined, day: undefined };
  const rows = await queryRows<{ interval: string; newest: string | Date | null }>(
    db,
    sql`select interval, max(time) as newest from candles
        where interval in ('1m', '1d') and instrument_id in (${sql.join(instrumentIds, sql`, `)})
        group by interval`,
  );
  const newest = (interval: string) => {
    const row = rows.find((item) => item.interval === interval);
    return row?.newest ? new Date(row.newest).getTime() : undefined;
  };
  return { minute: newest('1m'), day: newest('1d') };
}
