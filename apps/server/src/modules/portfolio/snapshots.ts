import { and, eq } from 'drizzle-orm';
import { convert, currencyRates } from '../../core/currency.ts';
import type { Database } from '../../db/client.ts';
import { balances, currencyRateDays, portfolioSnapshots, type SnapshotRecord } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { dailyPeriods, nextDaily } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { flowsBetween } from './flows.ts';
import { holdingsAt } from './holdings.ts';
import { closingMarks, type PriceSource } from './prices.ts';
import { valueHoldings } from './valuation.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Snapshot totals are kept in this currency, at the day's rates. */
export const snapshotCurrency = 'USD';

export type SnapshotDeps = PriceSource & { db: Database };

export type Snapshot = {
  record: SnapshotRecord;
  totalAssets: Money;
  liabilities: Money;
  netAssets: Money;
  flows: Money;
};

export const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
export const dayEnd = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + dayMs);

/**
 * A member's account at the end of the UTC day `date`, valued as the account value is
 * (`valueHoldings`) at that day's closing prices: what they held then, rebuilt from the
 * journal and the trade records, and the day's deposits and withdrawals.
 */
export async function takeSnapshot(deps: SnapshotDeps, userId: number, date: string, now: Date): Promise<Snapshot> {
  const end = dayEnd(date);
  const holdings = await holdingsAt(deps.db, userId, end);
  const rates = await currencyRates(deps.db);
  const marks = await closingMarks(
    deps,
    holdings.positions.map((position) => position.symbol),
    date,
    now,
  );
  const valuation = valueHoldings(holdings, marks, rates, snapshotCurrency);
  const flows = await flowsBetween(deps.db, userId, dayStart(date), end);
  let flowTotal = new Money(0);
  for (const flow of flows) flowTotal = flowTotal.add(convert(rates, flow.amount, flow.currency, snapshotCurrency));
  return {
    record: {
      cash: holdings.cash.map((row) => ({
        currency: row.currency,
        available: moneyString(row.available),
        frozen: moneyString(row.frozen),
      })),
      positions: valuation.list.map((position) => ({
        positionId: position.positionId,
        symbol: position.symbol,
        market: position.market,
        sector: position.sector,
        currency: position.currency,
        direction: position.direction,
        quantity: position.quantity,
        openPrice: moneyString(position.openPrice),
        close: position.last && moneyString(position.last),
        mark: position.mark && moneyString(position.mark),
        value: moneyString(position.value),
      })),
      funds: holdings.funds.map((row) => ({
        currency: row.currency,
        principal: moneyString(row.principal),
        profit: moneyString(row.profit),
      })),
      ipoEscrow: holdings.ipoEscrow.map((row) => ({ currency: row.currency, amount: moneyString(row.amount) })),
      loans: holdings.loans.map((row) => ({ currency: row.currency, owed: moneyString(row.owed) })),
      flows: flows.map((row) => ({ currency: row.currency, amount: moneyString(row.amount) })),
    },
    totalAssets: valuation.totalAssets,
    liabilities: valuation.loans,
    netAssets: valuation.netAssets,
    flows: flowTotal.toDecimalPlaces(2, Money.ROUND_HALF_UP),
  };
}

const isEmpty = (snapshot: Snapshot) =>
  snapshot.totalAssets.isZero() && snapshot.liabilities.isZero() && snapshot.flows.isZero();

/** Stores a member's snapshot of `date` unless it is there (or the account held nothing that day). */
export async function storeSnapshot(deps: SnapshotDeps, userId: number, date: string, now: Date): Promise<boolean> {
  const [done] = await deps.db
    .select({ date: portfolioSnapshots.date })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.userId, userId), eq(portfolioSnapshots.date, date)));
  if (done) return false;
  const snapshot = await takeSnapshot(deps, userId, date, now);
  if (isEmpty(snapshot)) return false;
  const inserted = await deps.db
    .insert(portfolioSnapshots)
    .values({
      userId,
      date,
      record: snapshot.record,
      totalAssets: moneyString(snapshot.totalAssets),
      liabilities: moneyString(snapshot.liabilities),
      netAssets: moneyString(snapshot.netAssets),
      flows: moneyString(snapshot.flows),
    })
    .onConflictDoNothing()
    .returning({ date: portfolioSnapshots.date });
  return inserted.length > 0;
}

/** Records each currency's rate of `date` once: realised P/L converts at the day's rate (docs/trading.md). */
export async function recordRates(db: Database, date: string): Promise<void> {
  const rates = await currencyRates(db);
  const values = [...rates.values()].map((rate) => ({
    date,
    currency: rate.code,
    rateToUsd: moneyString(rate.rateToUsd),
  }));
  if (values.length > 0) await db.insert(currencyRateDays).values(values).onConflictDoNothing();
}

export const snapshotJobName = 'portfolio.snapshot';

/**
 * `portfolio.snapshot`: one period per UTC day, due when the day has ended (after the day's loan
 * accruals, which are registered first). Every member who ever held money gets the day's
 * snapshot, each in its own statement; a rerun finds the ones written (docs/jobs.md).
 */
export function portfolioSnapshotJob(deps: SnapshotDeps): Job {
  return {
    name: snapshotJobName,
    periods: (now, lastDone) => dailyPeriods(new Date(now.getTime() - dayMs), lastDone, 0),
    next: (now) => nextDaily(now, 0),
    async run({ period, now }) {
      await recordRates(deps.db, period);
      const members = await deps.db.selectDistinct({ userId: balances.userId }).from(balances).orderBy(balances.userId);
      let written = 0;
      for (const { userId } of members) {
        if (await storeSnapshot(deps, userId, period, now)) written += 1;
      }
      return written;
    },
  };
}
