import type { AccountValue, LanguageKey } from '@soar/contract';
import { and, eq, sql } from 'drizzle-orm';
import { convert, currencyRates, rateOf } from '../../core/currency.ts';
import { portfolioPreferences, portfolioSnapshots } from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { flowsBetween } from './flows.ts';
import { currentHoldings } from './holdings.ts';
import { liveMarks } from './prices.ts';
import { dayEnd, dayStart, type SnapshotDeps, snapshotCurrency, takeSnapshot } from './snapshots.ts';
import { type Valuation, valueHoldings } from './valuation.ts';

export type PortfolioDeps = SnapshotDeps & { clock: () => number };

const dayMs = 24 * 60 * 60 * 1000;

/** The member's account value now (docs/product.md, Account value). */
export async function accountValuation(deps: PortfolioDeps, userId: number, target: string): Promise<Valuation> {
  const now = new Date(deps.clock());
  const rates = await currencyRates(deps.db);
  rateOf(rates, target);
  const holdings = await currentHoldings(deps.db, userId, now);
  const marks = liveMarks(
    deps,
    holdings.positions.map((position) => position.symbol),
  );
  return valueHoldings(holdings, marks, rates, target);
}

/**
 * Today's P/L: net assets now less net assets at the end of yesterday (its snapshot, or the same
 * valuation taken now when the job has not written it yet), less today's deposits and
 * withdrawals, all in `target` at current rates.
 */
async function todayPnl(deps: PortfolioDeps, userId: number, valuation: Valuation) {
  const now = new Date(deps.clock());
  const today = utcDate(now);
  const yesterday = utcDate(now.getTime() - dayMs);
  const rates = await currencyRates(deps.db);
  const [stored] = await deps.db
    .select({ netAssets: portfolioSnapshots.netAssets })
    .from(portfolioSnapshots)
    .where(and(eq(portfolioSnapshots.userId, userId), eq(portfolioSnapshots.date, yesterday)));
  const baseUsd = stored ? new Money(stored.netAssets) : (await takeSnapshot(deps, userId, yesterday, now)).netAssets;
  const base = convert(rates, baseUsd, snapshotCurrency, valuation.currency);
  let flows = new Money(0);
  for (const flow of await flowsBetween(deps.db, userId, dayStart(today), dayEnd(today))) {
    flows = flows.add(convert(rates, flow.amount, flow.currency, valuation.currency));
  }
  const decimals = rates.get(valuation.currency)?.decimals ?? 2;
  const pnl = valuation.netAssets.sub(base).sub(flows).toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
  const invested = base.add(flows);
  return {
    pnl,
    percent: invested.gt(0) ? pnl.div(invested).mul(100).toDecimalPlaces(2, Money.ROUND_HALF_UP) : null,
  };
}

/** Remembers the member's language and currency: the month-end statement is made in them. */
async function remember(deps: PortfolioDeps, userId: number, language: LanguageKey, currency: string) {
  await deps.db
    .insert(portfolioPreferences)
    .values({ userId, language, currency })
    .onConflictDoUpdate({
      target: portfolioPreferences.userId,
      set: { language, currency, updatedAt: sql`now()` },
      setWhere: sql`${portfolioPreferences.language} <> ${language} or ${portfolioPreferences.currency} <> ${currency}`,
    });
}

export async function accountValue(
  deps: PortfolioDeps,
  userId: number,
  target: string,
  language: LanguageKey,
): Promise<AccountValue> {
  const valuation = await accountValuation(deps, userId, target);
  const today = await todayPnl(deps, userId, valuation);
  await remember(deps, userId, language, target);
  return {
    currency: valuation.currency,
    totalAssets: moneyString(valuation.totalAssets),
    cash: moneyString(valuation.cash),
    positions: moneyString(valuation.positions),
    funds: moneyString(valuation.funds),
    ipoEscrow: moneyString(valuation.ipoEscrow),
    loans: moneyString(valuation.loans),
    netAssets: moneyString(valuation.netAssets),
    buyingPower: moneyString(valuation.buyingPower),
    todayPnl: moneyString(today.pnl),
    todayPnlPercent: today.percent && moneyString(today.percent),
    rates: Object.fromEntries(
      [...valuation.rates].map(([currency, rate]) => [currency, moneyString(rate.toDecimalPlaces(8))]),
    ),
    list: valuation.list.map((position) => ({
      positionId: position.positionId,
      symbol: position.symbol,
      currency: position.currency,
      direction: position.direction,
      quantity: position.quantity,
      openPrice: moneyString(position.openPrice),
      last: position.last && moneyString(position.last),
      mark: position.mark && moneyString(position.mark),
      value: moneyString(position.value),
    })),
    asOf: new Date(deps.clock()).toISOString(),
  };
}
