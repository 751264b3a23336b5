import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, notices, quantAccruals, quantFunds } from '../../db/schema/index.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { buy, createFund, investor, platformBalance } from '../../test/products.ts';
import { balanceOf, createOperator, expectLedgerVerified, type Headers } from '../../test/wallet.ts';
import { Ledger } from '../ledger/index.ts';
import { accrueOrder, dailyProfit, drawRate, publishRate, quantAccrueJob } from './accrual.ts';
import { MarketCalendar } from './calendar.ts';

/** The fund is in USDT, listed with its 6 on-chain decimals: daily profits round to those. */
const usdtDecimals = 6;

// The jobs run on this clock; every test moves it forward (a period done is never run again).
let now = Date.parse('2026-11-16T15:00:00Z');
const at = (iso: string) => {
  now = Date.parse(iso);
};
let t: TestApp;
let operator: { headers: Headers };
const seed = 1; // testConfig.simulatorSeed

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now } });
  operator = await createOperator(t.app);
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

async function order(member: { headers: Headers }, id: number) {
  const list = await api(t.app).get('quant/order/list', { headers: member.headers });
  return list.json().data.list.find((item: { id: number }) => item.id === id);
}

describe('a fund accrues its published daily rates and pays out at maturity (moved clock)', () => {
  it('three US closes of a 3-day fund: one rate per close for every holder, payout with the third', async () => {
    at('2026-11-16T15:00:00Z'); // Monday, before the New York close (21:00 UTC)
    const created = await createFund(t.app, operator);
    const alice = await investor(t.app, operator, '1000');
    const bob = await investor(t.app, operator, '300');
    const bought = await buy(t.app, alice, created.id, '500');
    expect(bought.statusCode, bought.body).toBe(200);
    const aliceOrder = bought.json().data;
    expect(aliceOrder).toMatchObject({
      status: 0,
      amount: '500',
      cycleDays: 3,
      accruedDays: 0,
      accruedProfit: '0',
      estimatedProfitMin: '1.5',
      estimatedProfitMax: '4.5',
      endTime: '2026-11-18T21:00:00.000Z',
    });
    const bobOrder = (await buy(t.app, bob, created.id, '300')).json().data;
    expect(await balanceOf(t.app, alice.headers, 'USDT')).toMatchObject({ available: '500' });
    expect(await platformBalance(t.app, 'quant_escrow', 'USDT')).toBe('800');

    const days = ['2026-11-16', '2026-11-17', '2026-11-18'];
    const rates = days.map((date) => drawRate(seed, created.id, date, '0.001', '0.003'));
    const profits = rates.map((rate) => dailyProfit('500', rate, usdtDecimals));

    at('2026-11-16T20:59:59Z');
    await t.app.jobs.runDue();
    expect((await order(alice, aliceOrder.id)).accruedDays).toBe(0);

    at('2026-11-16T21:00:00Z');
    await t.app.jobs.runDue();
    const first = await order(alice, aliceOrder.id);
    expect(first).toMatchObject({
      accruedDays: 1,
      lastDate: '2026-11-16',
      lastRate: moneyString(rates[0] ?? 0),
      lastProfit: moneyString(profits[0] ?? 0),
      accruedProfit: moneyString(profits[0] ?? 0),
      status: 0,
    });
    // The same rate for every holder, published in the fund's history.
    expect((await order(bob, bobOrder.id)).lastRate).toBe(first.lastRate);
    const history = await api(t.app).get(`quant/rate/list?id=${created.id}`);
    // The first pass also published Friday's close: the fund was on sale then.
    expect(history.json().data.list).toEqual([
      { date: '2026-11-13', rate: moneyString(drawRate(seed, created.id, '2026-11-13', '0.001', '0.003')) },
      { date: '2026-11-16', rate: moneyString(rates[0] ?? 0) },
    ]);

    at('2026-11-17T21:05:00Z');
    await t.app.jobs.runDue();
    expect((await order(alice, aliceOrder.id)).accruedDays).toBe(2);
    expect((await balanceOf(t.app, alice.headers, 'USDT')).available).toBe('500');

    at('2026-11-18T21:00:00Z'); // the third close: maturity
    await t.app.jobs.runDue();
    const total = profits.reduce((sum, profit) => sum.plus(profit), new Money(0));
    const ended = await order(alice, aliceOrder.id);
    expect(ended).toMatchObject({
      status: 1,
      accruedDays: 3,
      accruedProfit: moneyString(total),
      payout: moneyString(total.plus(500)),
    });
    expect((await balanceOf(t.app, alice.headers, 'USDT')).available).toBe(moneyString(total.plus(1000)));
    const profitList = await api(t.app).get(`quant/profit/list?orderId=${aliceOrder.id}`, { headers: alice.headers });
    expect(
      profitList.json().data.list.map((item: { date: string; profit: string }) => [item.date, item.profit]),
    ).toEqual(days.map((date, index) => [date, moneyString(profits[index] ?? 0)]).reverse());

    // Nothing accrues after the cycle; the escrow holds no one's money any more.
    at('2026-11-19T21:05:00Z');
    await t.app.jobs.runDue();
    expect((await order(alice, aliceOrder.id)).accruedDays).toBe(3);
    expect(await platformBalance(t.app, 'quant_escrow', 'USDT')).toBe('0');
    const bobProfit = rates.reduce((sum, rate) => sum.plus(dailyProfit('300', rate, usdtDecimals)), new Money(0));
    expect(await platformBalance(t.app, 'quant_profit', 'USDT')).toBe(moneyString(total.plus(bobProfit).neg()));
    const kinds = await t.app.db.select({ kind: notices.kind }).from(notices).where(eq(notices.userId, alice.user.id));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['depositPassed', 'quantBought', 'quantMatured']);
  });

  it('skips the weekend: bought on a Friday before the close, it accrues Friday, Monday and Tuesday', async () => {
    at('2026-11-20T15:00:00Z'); // Friday
    const created = await createFund(t.app, operator);
    const member = await investor(t.app, operator, '200');
    const bought = (await buy(t.app, member, created.id, '100')).json().data;
    expect(bought.endTime).toBe('2026-11-24T21:00:00.000Z');
    at('2026-11-20T21:10:00Z');
    await t.app.jobs.runDue();
    at('2026-11-23T21:10:00Z'); // Monday: the weekend has no close
    await t.app.jobs.runDue();
    const profits = await api(t.app).get(`quant/profit/list?orderId=${bought.id}`, { headers: member.headers });
    expect(profits.json().data.list.map((item: { date: string }) => item.date)).toEqual(['2026-11-23', '2026-11-20']);
    expect((await order(member, bought.id)).status).toBe(0);
    at('2026-11-24T21:00:00Z');
    await t.app.jobs.runDue();
    expect((await order(member, bought.id)).status).toBe(1);
  });
});

describe('a restart in the middle of a period', () => {
  it('takes over a dead node’s period after ten minutes and accrues each order once', async () => {
    at('2026-11-25T14:00:00Z'); // Wednesday
    const created = await createFund(t.app, operator, { cycleDays: 2 });
    const first = await investor(t.app, operator, '500');
    const second = await investor(t.app, operator, '500');
    const one = (await buy(t.app, first, created.id, '200')).json().data;
    const two = (await buy(t.app, second, created.id, '200')).json().data;

    // A node claimed US:2026-11-25 at the close, accrued the first order, and died.
    const period = 'US:2026-11-25';
    const closeAt = new Date('2026-11-25T21:00:00Z');
    await t.app.db.insert(jobRuns).values({ job: 'quant.accrue', period, status: 'running', startedAt: closeAt });
    const ledger = new Ledger(t.app.db);
    const [fundRow] = await t.app.db.select().from(quantFunds).where(eq(quantFunds.id, created.id));
    if (!fundRow) throw new Error('no fund');
    const rate = await publishRate(t.app.db, seed, fundRow, '2026-11-25');
    expect(await accrueOrder(ledger, fundRow, one.id, { date: '2026-11-25', closeAt, rate }, 2, closeAt)).toBe(true);

    // Five minutes later the claim still looks alive: nobody else runs the period.
    at('2026-11-25T21:05:00Z');
    await t.app.jobs.runDue();
    expect((await order(second, two.id)).accruedDays).toBe(0);

    // The node restarts (a new runner on the same database) once the claim is stale.
    at('2026-11-25T21:11:00Z');
    const calendar = new MarketCalendar(t.app.db);
    await calendar.load();
    const restarted = new JobRunner(t.app.db, { clock: () => now });
    restarted.register(quantAccrueJob({ db: t.app.db, ledger, calendar, seed }));
    const reports = await restarted.runDue();
    expect(reports).toContainEqual({ job: 'quant.accrue', period, status: 'done', items: 1 });
    for (const id of [one.id, two.id]) {
      const rows = await t.app.db.select().from(quantAccruals).where(eq(quantAccruals.orderId, id));
      expect(rows).toHaveLength(1);
    }
    expect((await order(first, one.id)).accruedDays).toBe(1);
    expect((await order(second, two.id)).accruedDays).toBe(1);

    // Done is done: neither runner runs it again.
    expect((await restarted.runDue()).filter((report) => report.period === period)).toEqual([]);
    expect((await t.app.jobs.runDue()).filter((report) => report.period === period)).toEqual([]);
    const [run] = await t.app.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'quant.accrue'), eq(jobRuns.period, period)));
    expect(run).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('catches up the closes missed while the node was down, in order, and pays out once', async () => {
    at('2026-11-30T14:00:00Z'); // Monday
    const created = await createFund(t.app, operator, { cycleDays: 2 });
    const member = await investor(t.app, operator, '400');
    const bought = (await buy(t.app, member, created.id, '400')).json().data;
    at('2026-12-03T22:00:00Z'); // Thursday: Monday to Thursday's closes were missed
    await t.app.jobs.runDue();
    const profits = await api(t.app).get(`quant/profit/list?orderId=${bought.id}`, { headers: member.headers });
    expect(profits.json().data.list.map((item: { date: string }) => item.date)).toEqual(['2026-12-01', '2026-11-30']);
    const ended = await order(member, bought.id);
    expect(ended.status).toBe(1);
    expect((await balanceOf(t.app, member.headers, 'USDT')).available).toBe(ended.payout);
  });
});

describe('jobs status', () => {
  it('shows each job’s last run, next run and failures to admins only', async () => {
    const list = await api(t.app).get('admin/job/list', { headers: operator.headers });
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json().data.map((job: { name: string }) => job.name);
    expect(names).toEqual(expect.arrayContaining(['quant.accrue', 'loan.accrue']));
    const quant = list.json().data.find((job: { name: string }) => job.name === 'quant.accrue');
    expect(quant).toMatchObject({ lastStatus: 'done', failures: 0, lastError: null });
    expect(Date.parse(quant.nextRunAt)).toBeGreaterThan(now);
    const finance = await createOperator(t.app, { role: 'finance' });
    expect((await api(t.app).get('admin/job/list', { headers: finance.headers })).statusCode).toBe(403);
    const member = await investor(t.app, operator, '0');
    expect((await api(t.app).get('admin/job/list', { headers: member.headers })).statusCode).toBe(401);
  });
});
