import { type QuantFund, type QuantOrder, type QuantSaleState, quantSaleStates } from '@soar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type quantAccruals, quantFunds, type quantOrders } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';

export type FundRow = typeof quantFunds.$inferSelect;
export type OrderRow = typeof quantOrders.$inferSelect;
export type AccrualRow = typeof quantAccruals.$inferSelect;

/** Closed by an operator, or past its sale end: ended; before its start: upcoming. */
export function saleState(fund: FundRow, now: Date): QuantSaleState {
  if (fund.closedAt || now >= fund.saleEndsAt) return quantSaleStates.ended;
  if (now < fund.startTime) return quantSaleStates.upcoming;
  return quantSaleStates.onSale;
}

/** The same rule in SQL, as a sort key: 0 on sale, 1 upcoming, 2 ended. */
export function saleStateOrder(now: Date): SQL<number> {
  const at = now.toISOString();
  return sql<number>`(case when ${quantFunds.closedAt} is not null or ${at}::timestamptz >= ${quantFunds.saleEndsAt} then 2
    when ${at}::timestamptz < ${quantFunds.startTime} then 1 else 0 end)`;
}
export const saleStateRank: Record<QuantSaleState, number> = { onSale: 0, upcoming: 1, ended: 2 };

const cycleReturn = (rate: string, days: number) => moneyString(new Money(rate).times(days));

export function fundView(
  fund: FundRow,
  context: { now: Date; timezone: string; latest?: { date: string; rate: string } },
): QuantFund {
  return {
    id: fund.id,
    name: fund.name,
    market: fund.market,
    timezone: context.timezone,
    currency: fund.currency,
    cycleDays: fund.cycleDays,
    dailyRateMin: moneyString(fund.dailyRateMin),
    dailyRateMax: moneyString(fund.dailyRateMax),
    cycleReturnMin: cycleReturn(fund.dailyRateMin, fund.cycleDays),
    cycleReturnMax: cycleReturn(fund.dailyRateMax, fund.cycleDays),
    minAmount: moneyString(fund.minAmount),
    maxAmount: fund.maxAmount === null ? null : moneyString(fund.maxAmount),
    startTime: fund.startTime.toISOString(),
    endTime: fund.endTime.toISOString(),
    lastTradeDay: fund.lastTradeDay,
    saleState: saleState(fund, context.now),
    latestRate: context.latest ? moneyString(context.latest.rate) : null,
    latestRateDate: context.latest?.date ?? null,
  };
}

/** The promised range over the cycle on this amount, rounded down like the daily profits. */
function estimate(order: OrderRow, rate: string, decimals: number) {
  return moneyString(
    new Money(order.amount).times(rate).times(order.cycleDays).toDecimalPlaces(decimals, Money.ROUND_DOWN),
  );
}

export function orderView(
  order: OrderRow,
  fund: Pick<FundRow, 'name' | 'market'>,
  decimals: number,
  last?: Pick<AccrualRow, 'date' | 'rate' | 'profit'>,
): QuantOrder {
  return {
    id: order.id,
    fundId: order.fundId,
    fundName: fund.name,
    market: fund.market,
    currency: order.currency,
    amount: moneyString(order.amount),
    cycleDays: order.cycleDays,
    dailyRateMin: moneyString(order.dailyRateMin),
    dailyRateMax: moneyString(order.dailyRateMax),
    estimatedProfitMin: estimate(order, order.dailyRateMin, decimals),
    estimatedProfitMax: estimate(order, order.dailyRateMax, decimals),
    status: order.status,
    startTime: order.createdAt.toISOString(),
    endTime: order.maturesAt.toISOString(),
    accruedDays: order.accruedDays,
    accruedProfit: moneyString(order.accruedProfit),
    lastDate: last?.date ?? null,
    lastRate: last ? moneyString(last.rate) : null,
    lastProfit: last ? moneyString(last.profit) : null,
    payout: order.payout === null ? null : moneyString(order.payout),
    endedAt: order.endedAt?.toISOString() ?? null,
  };
}
