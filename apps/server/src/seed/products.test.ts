import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanProducts, loans, quantAccruals, quantFunds, quantOrders, quantRates } from '../db/schema/index.ts';
import { Money } from '../lib/decimal.ts';
import { dailyProfit } from '../modules/quant/index.ts';
import { createTestApp, type TestApp, testConfig } from '../test/helper.ts';
import { api, bearer } from '../test/http.ts';
import { expectLedgerVerified, tempDataDir } from '../test/wallet.ts';
import { seed } from './index.ts';

describe('demo funds and loans in development', () => {
  let t: TestApp;
  let token: string;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    t = await createTestApp({ env: 'development', dataDir });
    const login = await api(t.app).post('member/login', { mail: 'demo@soar.local', password: 'demo1234' });
    token = login.json().data.token;
  });
  afterAll(() => t.close());

  it('offers funds on four markets with different cycles, one still to open, and three loan products', async () => {
    const funds = await api(t.app).get('quant/list');
    const list = funds.json().data.list as { market: string; cycleDays: number; saleState: string }[];
    expect(new Set(list.map((fund) => fund.market))).toEqual(new Set(['US', 'HK', 'JP', 'EU']));
    expect(new Set(list.map((fund) => fund.cycleDays)).size).toBeGreaterThanOrEqual(4);
    expect(list.filter((fund) => fund.saleState === 'upcoming')).toHaveLength(1);
    const products = await api(t.app).get('loan/product/list');
    expect(products.json().data.list).toHaveLength(3);
    expect(products.json().data.requiresKyc).toBe(false);
  });

  it("holds the demo member's fund order part-way, its accruals made from the published rates", async () => {
    const orders = await api(t.app).get('quant/order/list', { headers: bearer(token) });
    const [order] = orders.json().data.list;
    expect(order).toMatchObject({ status: 0, amount: '2000', cycleDays: 20 });
    expect(order.accruedDays).toBeGreaterThan(4);
    expect(order.accruedDays).toBeLessThan(20);
    const accruals = await t.app.db.select().from(quantAccruals).where(eq(quantAccruals.orderId, order.id));
    expect(accruals).toHaveLength(order.accruedDays);
    const published = await t.app.db.select().from(quantRates).where(eq(quantRates.fundId, order.fundId));
    let total = new Money(0);
    for (const accrual of accruals) {
      const rate = published.find((row) => row.date === accrual.date)?.rate;
      expect(accrual.rate).toBe(rate);
      expect(new Money(accrual.profit).equals(dailyProfit('2000', accrual.rate, 2))).toBe(true);
      total = total.plus(accrual.profit);
    }
    expect(new Money(order.accruedProfit).equals(total)).toBe(true);
    // The fund's history goes back to the opening of its sale.
    expect(published.length).toBeGreaterThan(order.accruedDays);
  });

  it('has the demo loan partly repaid, accrued through yesterday', async () => {
    const list = await api(t.app).get('loan/list', { headers: bearer(token) });
    const [loan] = list.json().data.list;
    expect(loan).toMatchObject({ approvalStatus: 1, status: 1, amount: '1000', repaidTotal: '150' });
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(loan.accruedThrough).toBe(yesterday);
    const detail = await api(t.app).get(`loan/detail?id=${loan.id}`, { headers: bearer(token) });
    expect(detail.json().data.repayments).toHaveLength(1);
    expect(detail.json().data.accruals.length).toBeGreaterThan(10);
    await expectLedgerVerified(t.app);
  });

  it('runs again without adding or changing anything', async () => {
    const count = async () => ({
      funds: (await t.app.db.select().from(quantFunds)).length,
      orders: (await t.app.db.select().from(quantOrders)).length,
      products: (await t.app.db.select().from(loanProducts)).length,
      loans: (await t.app.db.select().from(loans)).length,
    });
    const before = await count();
    await seed(t.app.db, { ...testConfig, env: 'development', dataDir });
    expect(await count()).toEqual(before);
    await expectLedgerVerified(t.app);
  });
});
