import type { Realised } from '@soar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type CurrencyRate, currencyRates, rateOf } from '../../core/currency.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { currencyRateDays } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { type Closing, CostBasisBook, type LotEvent } from './cost-basis.ts';
import { byTime, merged } from './keyset.ts';

export type OpeningRow = {
  id: number;
  at: Date | string;
  order_id: number;
  symbol: string;
  market: string;
  currency: string;
  direction: 'buy' | 'sell';
  quantity: number;
  price: string;
  fee: string;
  reason: string | null;
};

export type ClosingRow = {
  id: number;
  at: Date | string;
  position_id: number;
  symbol: string;
  market: string;
  currency: string;
  direction: 'buy' | 'sell';
  quantity: number;
  price: string;
  fee: string;
  pnl: string;
  reason: string;
};

export type TimeRange = { from?: Date; to?: Date };

function within(column: SQL, range: TimeRange): SQL {
  return sql`${range.from ? sql`and ${column} >= ${range.from.toISOString()}::timestamptz` : sql``}
    ${range.to ? sql`and ${column} < ${range.to.toISOString()}::timestamptz` : sql``}`;
}

/** The member's positions as they opened, in time order. */
export function openings(db: Database, userId: number, range: TimeRange = {}): AsyncGenerator<OpeningRow> {
  return byTime<OpeningRow>(
    db,
    (after) => sql`select p.id, p.created_at as at, p.order_id, p.symbol, p.market, p.currency, p.direction,
        p.opened_quantity as quantity, p.open_price::text as price, p.open_fee::text as fee,
        o.fill_reason->>'key' as reason
      from trade_positions p left join trade_orders o on o.id = p.order_id
      where p.user_id = ${userId} ${within(sql`p.created_at`, range)} ${after}`,
    sql`p.created_at`,
    sql`p.id`,
  );
}

/** The member's closings (each part of a position closed), in time order. */
export function closingRows(db: Database, userId: number, range: TimeRange = {}): AsyncGenerator<ClosingRow> {
  return byTime<ClosingRow>(
    db,
    (after) => sql`select c.id, c.created_at as at, c.position_id, p.symbol, p.market, p.currency, p.direction,
        c.quantity, c.close_price::text as price, c.fee::text as fee, c.realised_pnl::text as pnl, c.reason
      from trade_closes c join trade_positions p on p.id = c.position_id
      where c.user_id = ${userId} ${within(sql`c.created_at`, range)} ${after}`,
    sql`c.created_at`,
    sql`c.id`,
  );
}

/** Openings before closings of the same moment: a close never precedes what it closes. */
export const openingFirst = (opening: { at: Date | string }, closing: { at: Date | string }) =>
  new Date(opening.at).getTime() <= new Date(closing.at).getTime();

/**
 * Every opening and closing of the member's positions in time order, read a batch at a time
 * from each table so a long history never sits in memory.
 */
export async function* lotEvents(db: Database, userId: number, before?: Date): AsyncGenerator<LotEvent> {
  const range = { to: before };
  for await (const row of merged(openings(db, userId, range), closingRows(db, userId, range), openingFirst)) {
    const base = {
      id: row.id,
      time: new Date(row.at),
      symbol: row.symbol,
      currency: row.currency,
      direction: row.direction,
      quantity: row.quantity,
      price: new Money(row.price),
      fee: new Money(row.fee),
    };
    yield 'position_id' in row
      ? { kind: 'close', ...base, positionId: row.position_id, recorded: new Money(row.pnl) }
      : { kind: 'open', ...base };
  }
}

/** Every closing with its FIFO and average-cost P/L, in time order. */
export async function* closings(db: Database, userId: number, before?: Date): AsyncGenerator<Closing> {
  const rates = await currencyRates(db);
  const book = new CostBasisBook((currency) => rates.get(currency)?.decimals ?? 2);
  for await (const event of lotEvents(db, userId, before)) {
    const closing = book.apply(event);
    if (closing) yield closing;
  }
}

/**
 * Converts into a reporting currency at the rate of the day of each amount (the rates the
 * snapshot job recorded for that UTC day, else the current ones), rounded to its minor units.
 */
export class DayRates {
  private constructor(
    private readonly days: Map<string, Map<string, Money>>,
    private readonly current: Map<string, CurrencyRate>,
    readonly reporting: string,
  ) {}

  static async load(db: Database, reporting: string): Promise<DayRates> {
    const current = await currencyRates(db);
    rateOf(current, reporting);
    const rows = await db.select().from(currencyRateDays);
    const days = new Map<string, Map<string, Money>>();
    for (const row of rows) {
      const day = days.get(row.date) ?? new Map<string, Money>();
      day.set(row.currency, new Money(row.rateToUsd));
      days.set(row.date, day);
    }
    return new DayRates(days, current, reporting);
  }

  readonly #cache = new Map<string, Money>();

  rate(date: string, currency: string): Money {
    const key = `${date}\u0000${currency}`;
    let rate = this.#cache.get(key);
    if (!rate) {
      const day = this.days.get(date);
      const usd = (code: string) => day?.get(code) ?? this.current.get(code)?.rateToUsd ?? new Money(0);
      const target = usd(this.reporting);
      rate = target.isZero() ? new Money(0) : usd(currency).div(target);
      this.#cache.set(key, rate);
    }
    return rate;
  }

  convert(amount: Money, currency: string, date: string): Money {
    const decimals = this.current.get(this.reporting)?.decimals ?? 2;
    return amount.mul(this.rate(date, currency)).toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
  }
}

const utcDay = (time: Date) => time.toISOString().slice(0, 10);

type Sums = {
  symbol: string;
  currency: string;
  closings: number;
  quantity: number;
  proceeds: Money;
  fifo: { cost: Money; fees: Money; pnl: Money };
  average: { cost: Money; fees: Money; pnl: Money };
  fifoReporting: Money;
  averageReporting: Money;
};

const zeroBasis = () => ({ cost: new Money(0), fees: new Money(0), pnl: new Money(0) });
const addBasis = (sum: Sums['fifo'], basis: Closing['fifo']) => ({
  cost: sum.cost.add(basis.cost),
  fees: sum.fees.add(basis.fees),
  pnl: sum.pnl.add(basis.pnl),
});
const basisView = (sum: Sums['fifo']) => ({
  cost: moneyString(sum.cost),
  fees: moneyString(sum.fees),
  pnl: moneyString(sum.pnl),
});

/** The years in which the member closed something, newest first. */
async function closingYears(db: Database, userId: number): Promise<number[]> {
  const rows = await queryRows<{ year: number }>(
    db,
    sql`select distinct extract(year from created_at at time zone 'UTC')::integer as year
        from trade_closes where user_id = ${userId} order by year desc`,
  );
  return rows.map((row) => Number(row.year));
}

/** A year's realised P/L per symbol, both ways, and in the reporting currency. */
export async function realisedYear(
  db: Database,
  userId: number,
  query: { year?: number; currency: string },
): Promise<Realised> {
  const rates = await DayRates.load(db, query.currency);
  const years = await closingYears(db, userId);
  const year = query.year ?? years[0] ?? null;
  const bySymbol = new Map<string, Sums>();
  let fifo = new Money(0);
  let average = new Money(0);
  const end = year === null ? undefined : new Date(Date.UTC(year + 1, 0, 1));
  for await (const closing of closings(db, userId, end)) {
    if (closing.time.getUTCFullYear() !== year) continue;
    const key = `${closing.symbol}\u0000${closing.currency}`;
    const sums = bySymbol.get(key) ?? {
      symbol: closing.symbol,
      currency: closing.currency,
      closings: 0,
      quantity: 0,
      proceeds: new Money(0),
      fifo: zeroBasis(),
      average: zeroBasis(),
      fifoReporting: new Money(0),
      averageReporting: new Money(0),
    };
    const day = utcDay(closing.time);
    const fifoReporting = rates.convert(closing.fifo.pnl, closing.currency, day);
    const averageReporting = rates.convert(closing.average.pnl, closing.currency, day);
    bySymbol.set(key, {
      ...sums,
      closings: sums.closings + 1,
      quantity: sums.quantity + closing.quantity,
      proceeds: sums.proceeds.add(closing.proceeds),
      fifo: addBasis(sums.fifo, closing.fifo),
      average: addBasis(sums.average, closing.average),
      fifoReporting: sums.fifoReporting.add(fifoReporting),
      averageReporting: sums.averageReporting.add(averageReporting),
    });
    fifo = fifo.add(fifoReporting);
    average = average.add(averageReporting);
  }
  const list = [...bySymbol.values()]
    .sort((a, b) => a.symbol.localeCompare(b.symbol))
    .map((sums) => ({
      symbol: sums.symbol,
      currency: sums.currency,
      closings: sums.closings,
      quantity: sums.quantity,
      proceeds: moneyString(sums.proceeds),
      fifo: basisView(sums.fifo),
      average: basisView(sums.average),
      fifoReporting: moneyString(sums.fifoReporting),
      averageReporting: moneyString(sums.averageReporting),
    }));
  return { year, years, currency: query.currency, list, fifo: moneyString(fifo), average: moneyString(average) };
}
