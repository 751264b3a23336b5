import type { Realised } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { type CurrencyRate, currencyRates, rateOf } from '../../core/currency.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { currencyRateDays } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { type Closing, CostBasisBook, type LotEvent } from './cost-basis.ts';

const batchSize = 1000;

type EventRow = {
  kind: number;
  id: number;
  at: Date | string;
  position_id: number | null;
  symbol: string;
  currency: string;
  direction: 'buy' | 'sell';
  quantity: number;
  price: string;
  fee: string;
  recorded: string | null;
};

/**
 * Every opening and closing of the member's positions in time order (an opening before a
 * closing at the same moment), read a batch at a time so a long history never sits in memory.
 */
export async function* lotEvents(db: Database, userId: number, before?: Date): AsyncGenerator<LotEvent> {
  let after: { at: string; kind: number; id: number } | undefined;
  const until = before ? sql`and ev.at < ${before.toISOString()}::timestamptz` : sql``;
  for (;;) {
    const rows = await queryRows<EventRow>(
      db,
      sql`select * from (
            select 0 as kind, p.id, p.created_at as at, null::integer as position_id, p.symbol, p.currency,
              p.direction, p.opened_quantity as quantity, p.open_price::text as price, p.open_fee::text as fee,
              null::text as recorded
            from trade_positions p where p.user_id = ${userId}
            union all
            select 1, c.id, c.created_at, c.position_id, p.symbol, p.currency, p.direction, c.quantity,
              c.close_price::text, c.fee::text, c.realised_pnl::text
            from trade_closes c join trade_positions p on p.id = c.position_id where c.user_id = ${userId}
          ) ev
          where true ${until}
            ${after ? sql`and (ev.at, ev.kind, ev.id) > (${after.at}::timestamptz, ${after.kind}, ${after.id})` : sql``}
          order by ev.at, ev.kind, ev.id limit ${batchSize}`,
    );
    for (const row of rows) {
      const time = new Date(row.at);
      const base = {
        id: row.id,
        time,
        symbol: row.symbol,
        currency: row.currency,
        direction: row.direction,
        quantity: row.quantity,
        price: new Money(row.price),
        fee: new Money(row.fee),
      };
      yield row.kind === 0
        ? { kind: 'open', ...base }
        : { kind: 'close', ...base, positionId: row.position_id ?? 0, recorded: new Money(row.recorded ?? 0) };
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: new Date(last.at).toISOString(), kind: last.kind, id: last.id };
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

  rate(date: string, currency: string): Money {
    const day = this.days.get(date);
    const usd = (code: string) => day?.get(code) ?? this.current.get(code)?.rateToUsd ?? new Money(0);
    const target = usd(this.reporting);
    return target.isZero() ? new Money(0) : usd(currency).div(target);
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
