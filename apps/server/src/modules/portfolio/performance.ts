import type { Performance, PerformanceRange } from '@soar/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { convert, currencyRates } from '../../core/currency.ts';
import { portfolioSnapshots } from '../../db/schema/index.ts';
import { utcDate } from '../../jobs/schedules.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { accountValuation, type PortfolioDeps } from './account.ts';
import { flowsBetween } from './flows.ts';
import { indexCloses } from './prices.ts';
import { dayEnd, dayStart, snapshotCurrency } from './snapshots.ts';
import type { Valuation } from './valuation.ts';

const dayMs = 24 * 60 * 60 * 1000;
const rangeDays: Record<Exclude<PerformanceRange, 'all'>, number> = { '1M': 30, '3M': 91, '1Y': 365 };
/** The index a member is compared with unless they choose another. */
export const defaultBenchmark = '^GSPC';

export type CurvePoint = { date: string; netAssets: Money; flows: Money };

/**
 * Time-weighted return (docs/product.md, Performance): each day's return is its closing net
 * assets less the day's deposits and withdrawals over the previous day's net assets; the days
 * chain by multiplication, so money paid in or out never counts as performance. A day after one
 * with nothing in the account adds nothing.
 */
export function timeWeighted(points: CurvePoint[]): Money[] {
  const cumulative: Money[] = [];
  let growth = new Money(1);
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous?.netAssets.gt(0)) growth = growth.mul(point.netAssets.sub(point.flows).div(previous.netAssets));
    cumulative.push(growth.sub(1));
  });
  return cumulative;
}

const fraction = (value: Money) => moneyString(value.toDecimalPlaces(6, Money.ROUND_HALF_UP));

function allocation(valuation: Valuation) {
  const toTarget = (amount: Money, currency: string) =>
    amount.mul(valuation.rates.get(currency) ?? 0).toDecimalPlaces(8, Money.ROUND_DOWN);
  const items = (groups: Map<string, Money>) => {
    let total = new Money(0);
    for (const value of groups.values()) total = total.add(value);
    return [...groups]
      .filter(([, value]) => !value.isZero())
      .sort(([, a], [, b]) => b.comparedTo(a))
      .map(([key, value]) => ({
        key,
        value: moneyString(value.toDecimalPlaces(2, Money.ROUND_HALF_UP)),
        share: total.isZero() ? '0' : fraction(value.div(total)),
      }));
  };
  const add = (groups: Map<string, Money>, key: string, amount: Money) =>
    groups.set(key, (groups.get(key) ?? new Money(0)).add(amount));
  const market = new Map<string, Money>();
  const sector = new Map<string, Money>();
  for (const position of valuation.list) {
    const value = toTarget(position.value, position.currency);
    add(market, position.market, value);
    add(sector, position.sector ?? 'other', value);
  }
  add(market, 'cash', valuation.cash);
  add(market, 'funds', valuation.funds.add(valuation.ipoEscrow));
  const currency = new Map<string, Money>();
  for (const [code, amount] of valuation.assetsByCurrency) add(currency, code, toTarget(amount, code));
  return { market: items(market), currency: items(currency), sector: items(sector) };
}

export async function performance(
  deps: PortfolioDeps,
  userId: number,
  query: { range: PerformanceRange; benchmark?: string; currency: string },
): Promise<Performance> {
  const now = new Date(deps.clock());
  const today = utcDate(now);
  const benchmarkSymbol = query.benchmark || defaultBenchmark;
  const [index] = deps.quotes.getQuotes([benchmarkSymbol]);
  if (index?.kind !== 'index') {
    throw new AppError('PORTFOLIO_BENCHMARK_UNKNOWN', undefined, { symbol: benchmarkSymbol });
  }
  const valuation = await accountValuation(deps, userId, query.currency);
  const rates = await currencyRates(deps.db);
  const from = query.range === 'all' ? undefined : utcDate(now.getTime() - rangeDays[query.range] * dayMs);
  const rows = await deps.db
    .select()
    .from(portfolioSnapshots)
    .where(
      and(
        eq(portfolioSnapshots.userId, userId),
        from ? gte(portfolioSnapshots.date, from) : undefined,
        lt(portfolioSnapshots.date, today),
      ),
    )
    .orderBy(asc(portfolioSnapshots.date));
  const inTarget = (usd: string | Money) => convert(rates, new Money(usd), snapshotCurrency, query.currency);
  let flowsToday = new Money(0);
  for (const flow of await flowsBetween(deps.db, userId, dayStart(today), dayEnd(today))) {
    flowsToday = flowsToday.add(convert(rates, flow.amount, flow.currency, query.currency));
  }
  const points: CurvePoint[] = [
    ...rows.map((row) => ({ date: row.date, netAssets: inTarget(row.netAssets), flows: inTarget(row.flows) })),
    { date: today, netAssets: valuation.netAssets, flows: flowsToday },
  ];
  const returns = timeWeighted(points);

  const firstDate = points[0]?.date ?? today;
  const days = Math.ceil((now.getTime() - Date.parse(`${firstDate}T00:00:00Z`)) / dayMs) + 10;
  const closes = [...(await indexCloses(deps, benchmarkSymbol, days))].sort(([a], [b]) => a.localeCompare(b));
  const closeOn = (date: string) =>
    date === today ? new Money(index.price) : closes.filter(([day]) => day <= date).at(-1)?.[1];
  const start = closeOn(firstDate);
  const benchmarkOf = (date: string) => {
    const close = closeOn(date);
    return start && close && start.gt(0) ? close.div(start).sub(1) : null;
  };
  const decimals = rates.get(query.currency)?.decimals ?? 2;
  const shown = (amount: Money) => moneyString(amount.toDecimalPlaces(decimals, Money.ROUND_HALF_UP));
  const lastBenchmark = benchmarkOf(today);
  return {
    currency: query.currency,
    range: query.range,
    benchmark: { symbol: index.symbol, name: index.name },
    points: points.map((point, i) => {
      const benchmark = benchmarkOf(point.date);
      return {
        date: point.date,
        netAssets: shown(point.netAssets),
        flows: shown(point.flows),
        return: fraction(returns[i] ?? new Money(0)),
        benchmark: benchmark && fraction(benchmark),
      };
    }),
    return: fraction(returns.at(-1) ?? new Money(0)),
    benchmarkReturn: lastBenchmark && fraction(lastBenchmark),
    allocation: allocation(valuation),
  };
}
