import { loanStatuses, positionStatuses, quantOrderStatuses } from '@soar/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CurrencyRate, currencyRates } from '../../core/currency.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { balances, instruments, loans, quantOrders, tradePositions } from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money } from '../../lib/decimal.ts';
import { loanProjection } from '../loan/index.ts';

/** One open position (or what was open of it at a moment). */
export type HeldPosition = {
  positionId: number;
  symbol: string;
  market: string;
  sector: string | null;
  currency: string;
  direction: 'buy' | 'sell';
  quantity: number;
  openPrice: Money;
};

/**
 * What a member holds, each amount in its own currency (docs/product.md, Account value): the
 * same shape now (from the live tables) and at the end of a past day (from the journal).
 */
export type Holdings = {
  cash: { currency: string; available: Money; frozen: Money }[];
  positions: HeldPosition[];
  funds: { currency: string; principal: Money; profit: Money }[];
  ipoEscrow: { currency: string; amount: Money }[];
  loans: { currency: string; owed: Money }[];
};

type Amounts = { currency: string; amount: string }[];

const add = <T extends { currency: string }>(list: T[], currency: string, make: () => T, change: (item: T) => void) => {
  let item = list.find((entry) => entry.currency === currency);
  if (!item) {
    item = make();
    list.push(item);
  }
  change(item);
};

/** Sectors of the symbols held, from the instrument table (listed IPOs included). */
async function sectorsOf(db: Database, symbols: string[]): Promise<Map<string, string | null>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: instruments.symbol, sector: instruments.sector })
    .from(instruments)
    .where(inArray(instruments.symbol, symbols));
  return new Map(rows.map((row) => [row.symbol, row.sector]));
}

/** The platform-side mirror of a member's product money: the sum of one platform account over their entries. */
async function mirrored(db: Database, userId: number, account: string, before?: Date): Promise<Amounts> {
  return queryRows<{ currency: string; amount: string }>(
    db,
    sql`select l.currency, sum(l.amount)::text as amount
        from journal_entries e join journal_lines l on l.entry_id = e.id
        where e.user_id = ${userId} and l.account = ${account}
          ${before ? sql`and e.created_at < ${before.toISOString()}::timestamptz` : sql``}
        group by l.currency having sum(l.amount) <> 0 order by l.currency`,
  );
}

/**
 * Now, from the live tables: balances, open positions, fund orders in progress with the profit
 * accrued so far, allotments in escrow, and loans with the days that have ended counted.
 */
export async function currentHoldings(db: Database, userId: number, now: Date): Promise<Holdings> {
  const [cashRows, positionRows, fundRows, escrow, loanRows, rates] = await Promise.all([
    db.select().from(balances).where(eq(balances.userId, userId)).orderBy(balances.currency),
    db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, positionStatuses.open)))
      .orderBy(tradePositions.id),
    db
      .select()
      .from(quantOrders)
      .where(and(eq(quantOrders.userId, userId), eq(quantOrders.status, quantOrderStatuses.inProgress))),
    mirrored(db, userId, 'platform:ipo_escrow'),
    db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.status, [loanStatuses.disbursed, loanStatuses.overdue]))),
    currencyRates(db),
  ]);
  const sectors = await sectorsOf(db, [...new Set(positionRows.map((row) => row.symbol))]);
  const funds: Holdings['funds'] = [];
  for (const row of fundRows) {
    add(
      funds,
      row.currency,
      () => ({ currency: row.currency, principal: new Money(0), profit: new Money(0) }),
      (item) => {
        item.principal = item.principal.plus(row.amount);
        item.profit = item.profit.plus(row.accruedProfit);
      },
    );
  }
  const owed: Holdings['loans'] = [];
  for (const row of loanRows) {
    const projected = loanProjection(row, decimalsOf(rates, row.currency), now).owed;
    add(
      owed,
      row.currency,
      () => ({ currency: row.currency, owed: new Money(0) }),
      (item) => {
        item.owed = item.owed.plus(projected.principal).plus(projected.interest).plus(projected.penalty);
      },
    );
  }
  return {
    cash: cashRows
      .map((row) => ({ currency: row.currency, available: new Money(row.available), frozen: new Money(row.frozen) }))
      .filter((row) => !row.available.isZero() || !row.frozen.isZero()),
    positions: positionRows.map((row) => ({
      positionId: row.id,
      symbol: row.symbol,
      market: row.market,
      sector: sectors.get(row.symbol) ?? null,
      currency: row.currency,
      direction: row.direction as HeldPosition['direction'],
      quantity: row.quantity,
      openPrice: new Money(row.openPrice),
    })),
    funds,
    ipoEscrow: escrow.map((row) => ({ currency: row.currency, amount: new Money(row.amount) })),
    loans: owed,
  };
}

export function decimalsOf(rates: Map<string, CurrencyRate>, currency: string): number {
  return rates.get(currency)?.decimals ?? 2;
}

/**
 * At the moment `at` (the end of a UTC day), rebuilt from what was recorded before it: cash from
 * the journal, positions from their openings and closings, product money from the platform
 * accounts' lines of the member's entries, fund profit from the accruals of funds not yet paid
 * out, loan interest and penalty from the accrued days less what repayments settled.
 */
export async function holdingsAt(db: Database, userId: number, at: Date): Promise<Holdings> {
  const before = at.toISOString();
  // The accrual of a day is written after it ends; by `at` every day before `at`'s date has.
  const lastDay = utcDate(at.getTime() - 1);
  const [cashRows, positionRows, principal, escrow, lent, income, profitRows, accruedRows] = await Promise.all([
    queryRows<{ currency: string; available: string; frozen: string }>(
      db,
      sql`select l.currency,
            coalesce(sum(l.amount) filter (where l.account = 'available'), 0)::text as available,
            coalesce(sum(l.amount) filter (where l.account = 'frozen'), 0)::text as frozen
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.user_id = ${userId} and e.created_at < ${before}::timestamptz
          group by l.currency order by l.currency`,
    ),
    queryRows<{
      id: number;
      symbol: string;
      market: string;
      currency: string;
      direction: string;
      open_price: string;
      quantity: number;
      sector: string | null;
    }>(
      db,
      sql`select p.id, p.symbol, p.market, p.currency, p.direction, p.open_price::text as open_price,
            (p.opened_quantity - coalesce((select sum(c.quantity) from trade_closes c
              where c.position_id = p.id and c.created_at < ${before}::timestamptz), 0))::integer as quantity,
            i.sector
          from trade_positions p left join instruments i on i.symbol = p.symbol
          where p.user_id = ${userId} and p.created_at < ${before}::timestamptz
          order by p.id`,
    ),
    mirrored(db, userId, 'platform:quant_escrow', at),
    mirrored(db, userId, 'platform:ipo_escrow', at),
    mirrored(db, userId, 'platform:loans_receivable', at),
    mirrored(db, userId, 'platform:loan_income', at),
    queryRows<{ currency: string; amount: string }>(
      db,
      sql`select o.currency, sum(a.profit)::text as amount
          from quant_accruals a join quant_orders o on o.id = a.order_id
          where o.user_id = ${userId} and a.date <= ${lastDay}
            and (o.ended_at is null or o.ended_at >= ${before}::timestamptz)
          group by o.currency`,
    ),
    queryRows<{ currency: string; amount: string }>(
      db,
      sql`select l.currency, sum(a.interest + a.penalty)::text as amount
          from loan_accruals a join loans l on l.id = a.loan_id
          where l.user_id = ${userId} and a.date <= ${lastDay}
          group by l.currency`,
    ),
  ]);
  const funds: Holdings['funds'] = [];
  for (const row of principal) {
    add(
      funds,
      row.currency,
      () => ({ currency: row.currency, principal: new Money(0), profit: new Money(0) }),
      (item) => {
        item.principal = item.principal.plus(row.amount);
      },
    );
  }
  for (const row of profitRows) {
    add(
      funds,
      row.currency,
      () => ({ currency: row.currency, principal: new Money(0), profit: new Money(0) }),
      (item) => {
        item.profit = item.profit.plus(row.amount);
      },
    );
  }
  // loans_receivable mirrors the principal lent (negative while owed); loan_income what repayments
  // paid in interest and penalty, so accrued less paid is what is still owed of them.
  const owed: Holdings['loans'] = [];
  for (const row of lent) {
    add(
      owed,
      row.currency,
      () => ({ currency: row.currency, owed: new Money(0) }),
      (item) => {
        item.owed = item.owed.minus(row.amount);
      },
    );
  }
  for (const row of accruedRows) {
    const paid = income.find((entry) => entry.currency === row.currency)?.amount ?? '0';
    add(
      owed,
      row.currency,
      () => ({ currency: row.currency, owed: new Money(0) }),
      (item) => {
        item.owed = item.owed.plus(row.amount).minus(paid);
      },
    );
  }
  return {
    cash: cashRows
      .map((row) => ({ currency: row.currency, available: new Money(row.available), frozen: new Money(row.frozen) }))
      .filter((row) => !row.available.isZero() || !row.frozen.isZero()),
    positions: positionRows
      .filter((row) => row.quantity > 0)
      .map((row) => ({
        positionId: row.id,
        symbol: row.symbol,
        market: row.market,
        sector: row.sector,
        currency: row.currency,
        direction: row.direction as HeldPosition['direction'],
        quantity: row.quantity,
        openPrice: new Money(row.open_price),
      })),
    funds: funds.filter((item) => !item.principal.isZero() || !item.profit.isZero()),
    ipoEscrow: escrow.map((row) => ({ currency: row.currency, amount: new Money(row.amount) })),
    loans: owed.filter((item) => !item.owed.isZero()),
  };
}
