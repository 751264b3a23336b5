import { createHash } from 'node:crypto';
import { quantOrderStatuses } from '@soar/contract';
import { and, eq, gte, like, lt, max } from 'drizzle-orm';
import { currencyRates } from '../../core/currency.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { jobRuns, quantAccruals, quantFunds, quantOrders, quantRates } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { closeOf, type FundDay, fundDaysBetween, type MarketCalendar } from './calendar.ts';

type FundRow = typeof quantFunds.$inferSelect;

export const quantAccrueJobName = 'quant.accrue';
/** A node down longer than this does not catch up older fund days (docs/jobs.md). */
const catchUpMs = 31 * 24 * 60 * 60 * 1000;
const twoTo48 = new Money(2).pow(48);

/**
 * The daily rate of a fund for one market close, drawn from its range by a hash of the simulator
 * seed, the fund and the date: anyone with the seed can recompute it, and every holder gets the
 * same one. Rounded down to 6 places (0.0001 %), never below the range's minimum.
 */
export function drawRate(seed: number, fundId: number, date: string, min: Money | string, max: Money | string): Money {
  const digest = createHash('sha256').update(`quant:${seed}:${fundId}:${date}`).digest('hex');
  const fraction = new Money(`0x${digest.slice(0, 12)}`).div(twoTo48);
  const low = new Money(min);
  const drawn = low.plus(new Money(max).minus(low).times(fraction)).toDecimalPlaces(6, Money.ROUND_DOWN);
  return Money.max(low, drawn);
}

/** A fund day's profit: principal times rate, rounded down to the currency's decimals. */
export function dailyProfit(amount: Money | string, rate: Money | string, decimals: number): Money {
  return new Money(amount).times(rate).toDecimalPlaces(decimals, Money.ROUND_DOWN);
}

/** Publishes the fund's rate of `date` once; later calls read the published one. */
export async function publishRate(db: Database | Transaction, seed: number, fund: FundRow, date: string) {
  const drawn = drawRate(seed, fund.id, date, fund.dailyRateMin, fund.dailyRateMax);
  await db
    .insert(quantRates)
    .values({ fundId: fund.id, date, rate: moneyString(drawn) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ rate: quantRates.rate })
    .from(quantRates)
    .where(and(eq(quantRates.fundId, fund.id), eq(quantRates.date, date)));
  if (!row) throw new Error(`rate of fund ${fund.id} on ${date} was not stored`);
  return new Money(row.rate);
}

/**
 * Accrues one order's fund day in its own transaction: the order row is locked, the accrual is
 * unique per (order, date), and the day that completes the cycle pays principal plus profit back
 * to `available` (`quant_payout`) and ends the order. Answers whether it accrued.
 */
export async function accrueOrder(
  ledger: Ledger,
  fund: FundRow,
  orderId: number,
  day: FundDay & { rate: Money },
  decimals: number,
  now: Date,
): Promise<boolean> {
  return ledger.transaction(async (book) => {
    const [order] = await book.tx.select().from(quantOrders).where(eq(quantOrders.id, orderId)).for('update');
    if (!order || order.status !== quantOrderStatuses.inProgress) return false;
    if (order.maturesOn < day.date || order.createdAt.getTime() >= day.closeAt.getTime()) return false;
    const profit = dailyProfit(order.amount, day.rate, decimals);
    const [accrual] = await book.tx
      .insert(quantAccruals)
      .values({
        orderId,
        userId: order.userId,
        date: day.date,
        rate: moneyString(day.rate),
        profit: moneyString(profit),
      })
      .onConflictDoNothing()
      .returning({ id: quantAccruals.id });
    if (!accrual) return false;
    const accruedDays = order.accruedDays + 1;
    const accruedProfit = new Money(order.accruedProfit).plus(profit);
    if (accruedDays < order.cycleDays) {
      await book.tx
        .update(quantOrders)
        .set({ accruedDays, accruedProfit: moneyString(accruedProfit) })
        .where(eq(quantOrders.id, orderId));
      return true;
    }
    const principal = new Money(order.amount);
    const payout = principal.plus(accruedProfit);
    const { userId, currency } = order;
    await book.post({ kind: 'quant_payout', reference: `quant:${orderId}`, userId }, [
      { platform: 'quant_escrow', currency, amount: principal.neg() },
      { platform: 'quant_profit', currency, amount: accruedProfit.neg() },
      { userId, bucket: 'available', currency, amount: payout },
    ]);
    await book.tx
      .update(quantOrders)
      .set({
        accruedDays,
        accruedProfit: moneyString(accruedProfit),
        status: quantOrderStatuses.ended,
        payout: moneyString(payout),
        endedAt: now,
      })
      .where(eq(quantOrders.id, orderId));
    await sendNotice(book, {
      userId,
      kind: 'quantMatured',
      params: {
        fund: fund.name,
        amount: moneyString(principal),
        profit: moneyString(accruedProfit),
        payout: moneyString(payout),
        currency,
      },
      reference: `quant:${orderId}`,
    });
    return true;
  });
}

/**
 * One fund day of one market: each fund that sells or has orders that day publishes its rate,
 * then each order in progress accrues it (docs/products.md, Quant funds). Answers the orders
 * accrued; a rerun finds them done.
 */
export async function accrueMarketDay(
  deps: { db: Database; ledger: Ledger; seed: number },
  market: string,
  day: FundDay,
  now: Date,
): Promise<number> {
  const funds = await deps.db
    .select()
    .from(quantFunds)
    .where(and(eq(quantFunds.market, market), lt(quantFunds.startTime, day.closeAt)));
  const rates = await currencyRates(deps.db);
  let accrued = 0;
  for (const fund of funds) {
    const orders = await deps.db
      .select({ id: quantOrders.id })
      .from(quantOrders)
      .where(
        and(
          eq(quantOrders.fundId, fund.id),
          eq(quantOrders.status, quantOrderStatuses.inProgress),
          lt(quantOrders.createdAt, day.closeAt),
          gte(quantOrders.maturesOn, day.date),
        ),
      )
      .orderBy(quantOrders.id);
    const selling = (!fund.closedAt || fund.closedAt > day.closeAt) && day.closeAt < fund.endTime;
    if (orders.length === 0 && !selling) continue;
    const rate = await publishRate(deps.db, deps.seed, fund, day.date);
    const decimals = rates.get(fund.currency)?.decimals ?? 2;
    for (const order of orders) {
      if (await accrueOrder(deps.ledger, fund, order.id, { ...day, rate }, decimals, now)) accrued += 1;
    }
  }
  return accrued;
}

/**
 * `quant.accrue`: one period per market close (`US:2026-11-20`). Each market catches up on its
 * own from its newest period done (at most 31 days back; the first run starts with the newest
 * close).
 */
export function quantAccrueJob(deps: { db: Database; ledger: Ledger; calendar: MarketCalendar; seed: number }): Job {
  const { db, calendar } = deps;
  return {
    name: quantAccrueJobName,
    async periods(now) {
      const schedules = await calendar.load();
      const due: { period: string; closeAt: Date }[] = [];
      for (const [code, schedule] of schedules) {
        const [last] = await db
          .select({ period: max(jobRuns.period) })
          .from(jobRuns)
          .where(
            and(eq(jobRuns.job, quantAccrueJobName), eq(jobRuns.status, 'done'), like(jobRuns.period, `${code}:%`)),
          );
        const lastDate = last?.period?.slice(code.length + 1);
        const oldest = new Date(now.getTime() - catchUpMs);
        const after = lastDate ? closeOf(schedule, lastDate) : oldest;
        let days = fundDaysBetween(schedule, after < oldest ? oldest : after, now);
        if (!lastDate) days = days.slice(-1);
        for (const day of days) due.push({ period: `${code}:${day.date}`, closeAt: day.closeAt });
      }
      return due.sort((a, b) => a.closeAt.getTime() - b.closeAt.getTime()).map((entry) => entry.period);
    },
    next: (now) => calendar.nextClose(now),
    async run({ now, period }) {
      const [code = '', date = ''] = period.split(':');
      const schedule = calendar.schedule(code) ?? (await calendar.load()).get(code);
      if (!schedule) throw new Error(`unknown market ${code}`);
      return accrueMarketDay(deps, code, { date, closeAt: closeOf(schedule, date) }, now);
    },
  };
}
