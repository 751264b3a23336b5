import { expect } from 'vitest';
import { setPayPassword } from '../core/pay-password.ts';
import type { TestApp } from './helper.ts';
import { api } from './http.ts';
import { applyLoan, createProduct, ipoOfferInput } from './products.ts';
import { createTradeApp, place, tick } from './trade-kit.ts';
import { createMember, createOperator, fund, type Headers, payPassword } from './wallet.ts';

/**
 * One member's November 2026 on an injected clock, the portfolio and statement tests' scenario:
 *
 * - Mon 16, 15:00: deposits of 10,000 USD and 5,000 USDT; 10 AAPL bought at 100.01 (fee 1.50);
 *   2 lots of the IPO SNAP subscribed (2,005 USDT frozen).
 * - Tue 17, 15:00: AAPL at 110.00, 4 of them closed at the bid 109.99 (fee 1.50); 5 TSLA sold
 *   short at 199.99 (fee 1.50); a loan of 1,000 USDT (0.1 % a day) disbursed.
 * - Wed 18, 15:00: SNAP allotted in full (2,000 to escrow, fee 5); no job runs on the 18th or 19th.
 * - Thu 19, 14:30: SNAP lists; the jobs run at Fri 20, 00:05 and catch up the 18th and 19th.
 */
export type Scenario = {
  t: TestApp;
  member: { headers: Headers; user: { id: number } };
  operator: { headers: Headers };
  clock: { now: number };
  positions: { apple: number; tesla: number };
  runJobsAt(time: string): Promise<unknown>;
};

export async function novemberScenario(): Promise<Scenario> {
  const clock = { now: Date.parse('2026-11-16T15:00:00Z') };
  const t = await createTradeApp({ clock: () => clock.now });
  const runJobsAt = async (time: string) => {
    clock.now = Date.parse(time);
    const reports = await t.app.jobs.runDue(new Date(clock.now));
    for (const report of reports) expect(report.status, `${report.job} ${report.period}: ${report.error}`).toBe('done');
    return reports;
  };
  const operator = await createOperator(t.app);
  const member = await createMember(t.app);
  await setPayPassword(t.app.db, member.user.id, payPassword);

  await fund(t.app, member, operator, '10000', 'USD');
  await fund(t.app, member, operator, '5000');
  await tick(t.app, 'AAPL', '100.00');
  await tick(t.app, 'TSLA', '200.00');
  const apple = await place(t.app, member.headers, { symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10 });
  const offer = await api(t.app).post(
    'admin/ipo/offer/create',
    ipoOfferInput('SNAP', {
      priceMin: '10',
      priceMax: '10',
      endTime: '2026-11-18T00:00:00Z',
      allotmentTime: '2026-11-18T01:00:00Z',
      listingTime: '2026-11-19T14:30:00Z',
    }),
    { headers: operator.headers },
  );
  expect(offer.statusCode, offer.body).toBe(200);
  const offerId = offer.json().data.id as number;
  const subscribed = await api(t.app).post(
    'ipo/subscribe',
    { offerId, lots: 2, payPassword },
    { headers: member.headers },
  );
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  await runJobsAt('2026-11-17T00:05:00Z');

  clock.now = Date.parse('2026-11-17T15:00:00Z');
  await tick(t.app, 'AAPL', '110.00');
  const closed = await api(t.app).post(
    'order/close',
    { positionId: apple.positionId, quantity: 4 },
    { headers: member.headers },
  );
  expect(closed.statusCode, closed.body).toBe(200);
  const tesla = await place(t.app, member.headers, { symbol: 'TSLA', type: 'market', direction: 'sell', quantity: 5 });
  const product = await createProduct(t.app, operator);
  const applied = await applyLoan(t.app, member, product.id, '1000');
  expect(applied.statusCode, applied.body).toBe(200);
  const approved = await api(t.app).post(
    'admin/loan/review',
    { id: applied.json().data.id, status: 1 },
    { headers: operator.headers },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await runJobsAt('2026-11-18T00:05:00Z');

  clock.now = Date.parse('2026-11-18T15:00:00Z');
  const allotted = await api(t.app).post('admin/ipo/allot', { id: offerId }, { headers: operator.headers });
  expect(allotted.statusCode, allotted.body).toBe(200);
  await runJobsAt('2026-11-20T00:05:00Z');

  return {
    t,
    member,
    operator,
    clock,
    positions: { apple: apple.positionId, tesla: tesla.positionId },
    runJobsAt,
  };
}
