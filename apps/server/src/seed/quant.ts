import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { currencyRates } from '../core/currency.ts';
import { localTime } from '../core/time.ts';
import type { Database } from '../db/client.ts';
import { quantFunds, quantOrders, quantRates, users } from '../db/schema/index.ts';
import { Money, moneyString } from '../lib/decimal.ts';
import { Ledger } from '../modules/ledger/index.ts';
import {
  accrueOrder,
  drawRate,
  endOfLocalDate,
  fundDaysBetween,
  MarketCalendar,
  publishRate,
  QuantService,
} from '../modules/quant/index.ts';
import { demoMember } from './member.ts';

const dayMs = 24 * 60 * 60 * 1000;

type DemoFund = {
  code: string;
  name: string;
  market: string;
  currency: string;
  cycleDays: number;
  dailyRateMin: string;
  dailyRateMax: string;
  minAmount: string;
  maxAmount: string | null;
  /** Days from the first start: the sale opened that long ago (negative: opens later). */
  openedDaysAgo: number;
  sort: number;
};

/** Several markets, currencies and cycles; one sale still to open. */
const demoFunds: DemoFund[] = [
  {
    code: 'demo-us-momentum',
    name: 'US Momentum Quant 20',
    market: 'US',
    currency: 'USD',
    cycleDays: 20,
    dailyRateMin: '0.003',
    dailyRateMax: '0.006',
    minAmount: '100',
    maxAmount: '50000',
    openedDaysAgo: 45,
    sort: 1,
  },
  {
    code: 'demo-usdt-stable',
    name: 'USDT Stable Yield 7',
    market: 'US',
    currency: 'USDT',
    cycleDays: 7,
    dailyRateMin: '0.001',
    dailyRateMax: '0.002',
    minAmount: '10',
    maxAmount: null,
    openedDaysAgo: 30,
    sort: 2,
  },
  {
    code: 'demo-eu-value',
    name: 'Euro Value Quant 5',
    market: 'EU',
    currency: 'EUR',
    cycleDays: 5,
    dailyRateMin: '0.0015',
    dailyRateMax: '0.0035',
    minAmount: '50',
    maxAmount: '20000',
    openedDaysAgo: 40,
    sort: 3,
  },
  {
    code: 'demo-hk-arbitrage',
    name: 'Hong Kong Arbitrage 10',
    market: 'HK',
    currency: 'HKD',
    cycleDays: 10,
    dailyRateMin: '0.002',
    dailyRateMax: '0.0045',
    minAmount: '1000',
    maxAmount: '500000',
    openedDaysAgo: 35,
    sort: 4,
  },
  {
    code: 'demo-jp-trend',
    name: 'Tokyo Trend Follower 30',
    market: 'JP',
    currency: 'JPY',
    cycleDays: 30,
    dailyRateMin: '0.0025',
    dailyRateMax: '0.005',
    minAmount: '10000',
    maxAmount: '5000000',
    openedDaysAgo: 50,
    sort: 5,
  },
  {
    code: 'demo-us-ai',
    name: 'US AI Leaders 60',
    market: 'US',
    currency: 'USD',
    cycleDays: 60,
    dailyRateMin: '0.004',
    dailyRateMax: '0.008',
    minAmount: '500',
    maxAmount: '100000',
    openedDaysAgo: -3,
    sort: 6,
  },
];

/** The demo member's order: bought this long ago, so it is part-way through its cycle. */
const demoOrder = { fund: 'demo-us-momentum', amount: '2000', boughtDaysAgo: 12 };

/**
 * Demo funds outside production, with the rates the job would have published since each sale
 * opened; in development the demo member's order with its past accruals, made the way the job
 * makes them. Inserts what is missing and never overwrites operator edits.
 */
export async function seedQuant(db: Database, config: Config): Promise<void> {
  if (config.env !== 'development') return;
  const now = new Date();
  const calendar = new MarketCalendar(db);
  const schedules = await calendar.load();
  for (const fund of demoFunds) {
    const schedule = schedules.get(fund.market);
    if (!schedule) continue;
    const startTime = new Date(now.getTime() - fund.openedDaysAgo * dayMs);
    const endTime = new Date(startTime.getTime() + 240 * dayMs);
    const lastTradeDay = localTime(new Date(endTime.getTime() - 30 * dayMs), schedule.timezone).date;
    const { code, name, market, currency, cycleDays, dailyRateMin, dailyRateMax, minAmount, maxAmount, sort } = fund;
    const [inserted] = await db
      .insert(quantFunds)
      .values({
        code,
        name,
        market,
        currency,
        cycleDays,
        dailyRateMin,
        dailyRateMax,
        minAmount,
        maxAmount,
        sort,
        startTime,
        endTime,
        lastTradeDay,
        saleEndsAt: endOfLocalDate(schedule.timezone, lastTradeDay),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) continue;
    // The rates the job would have published since the sale opened, in one statement.
    const days = fundDaysBetween(schedule, startTime, now);
    if (days.length === 0) continue;
    await db
      .insert(quantRates)
      .values(
        days.map((day) => ({
          fundId: inserted.id,
          date: day.date,
          rate: moneyString(drawRate(config.simulatorSeed, inserted.id, day.date, dailyRateMin, dailyRateMax)),
        })),
      )
      .onConflictDoNothing();
  }
  await seedDemoOrder(db, config, calendar);
}

async function seedDemoOrder(db: Database, config: Config, calendar: MarketCalendar) {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  const [fund] = await db.select().from(quantFunds).where(eq(quantFunds.code, demoOrder.fund));
  const schedule = fund && calendar.schedule(fund.market);
  if (!demo || !fund || !schedule) return;
  const [existing] = await db.select({ id: quantOrders.id }).from(quantOrders).where(eq(quantOrders.userId, demo.id));
  if (existing) return;
  const now = Date.now();
  const boughtAt = now - demoOrder.boughtDaysAgo * dayMs;
  let time = boughtAt;
  // The ledger journals the purchase and each day at its own time, as the history the demo tells.
  const ledger = new Ledger(db, undefined, () => time);
  const service = new QuantService({ db, ledger, calendar, clock: () => boughtAt });
  const order = await service.place(demo.id, fund, new Money(demoOrder.amount), new Date(boughtAt), {
    owner: 'system',
    key: `demo-quant:${demo.id}`,
    requestHash: 'demo-quant',
  });
  const decimals = (await currencyRates(db)).get(fund.currency)?.decimals ?? 2;
  for (const day of fundDaysBetween(schedule, new Date(boughtAt), new Date(now))) {
    time = day.closeAt.getTime();
    const rate = await publishRate(db, config.simulatorSeed, fund, day.date);
    await accrueOrder(ledger, fund, order.id, { ...day, rate }, decimals, day.closeAt);
  }
}
