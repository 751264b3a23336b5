import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { applyLoan, buy, createFund, createProduct, investor } from '../../test/products.ts';
import { createOperator, expectLedgerVerified, type Headers, tempDataDir } from '../../test/wallet.ts';

// Tuesday 2026-11-17, 15:00 UTC: New York is open, the test fund is on sale.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let finance: { headers: Headers };
let trading: { headers: Headers };
let support: { headers: Headers };
let compliance: { headers: Headers };

beforeAll(async () => {
  t = await createTestApp({ dataDir: tempDataDir() }, { jobs: { clock: () => now }, market: { clock: () => now } });
  finance = await createOperator(t.app, { role: 'finance' });
  trading = await createOperator(t.app, { role: 'trading' });
  support = await createOperator(t.app, { role: 'support' });
  compliance = await createOperator(t.app, { role: 'compliance' });
});
afterAll(() => t.close());

type Dashboard = {
  queues: { key: string; count: number }[];
  figures: { key: string; value: string; unit: string }[];
  series: { key: string; points: { date: string; value: string }[] }[];
};
async function dashboard(headers: Headers): Promise<Dashboard> {
  const response = await api(t.app).get('admin/dashboard', { headers: headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const figure = (board: Dashboard, key: string) => board.figures.find((item) => item.key === key)?.value;
const queue = (board: Dashboard, key: string) => board.queues.find((item) => item.key === key)?.count;
const lastPoint = (board: Dashboard, key: string) => board.series.find((item) => item.key === key)?.points.at(-1);

describe("a member's loans and fund holdings for the back office", () => {
  it("filters the loan queue by member, and another member's id finds none of them", async () => {
    const productId = (await createProduct(t.app, finance)).id;
    const [first, second] = [await investor(t.app, finance, '0'), await investor(t.app, finance, '0')];
    const applied = await applyLoan(t.app, first, productId, '300');
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await applyLoan(t.app, second, productId, '400')).statusCode).toBe(200);
    const mine = await api(t.app).get(`admin/loan/list?userId=${first.user.id}`, { headers: finance.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.list).toMatchObject([{ id: applied.json().data.id, userId: first.user.id, amount: '300' }]);
    const none = await api(t.app).get('admin/loan/list?userId=2147483647', { headers: finance.headers });
    expect(none.json().data).toMatchObject({ list: [], total: 0 });
    for (const bad of ['2147483648', '0', 'x', '1%00']) {
      const response = await api(t.app).get(`admin/loan/list?userId=${bad}`, { headers: finance.headers });
      expect(response.statusCode, bad).toBe(422);
    }
  });

  it("lists fund orders by member and fund with the member's id, for the roles that read members", async () => {
    const fund = await createFund(t.app, trading);
    const other = await createFund(t.app, trading, { name: 'Other' });
    const holder = await investor(t.app, finance, '5000');
    const neighbour = await investor(t.app, finance, '5000');
    const bought = await buy(t.app, holder, fund.id, '1000');
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await buy(t.app, holder, other.id, '200')).statusCode).toBe(200);
    expect((await buy(t.app, neighbour, fund.id, '300')).statusCode).toBe(200);

    const holdings = await api(t.app).get(`admin/quant/order/list?userId=${holder.user.id}`, {
      headers: support.headers,
    });
    expect(holdings.statusCode, holdings.body).toBe(200);
    expect(holdings.json().data.total).toBe(2);
    expect(holdings.json().data.list[1]).toMatchObject({
      id: bought.json().data.id,
      userId: holder.user.id,
      fundId: fund.id,
      fundName: 'Test Quant 3',
      amount: '1000',
      status: 0,
    });
    const ofFund = await api(t.app).get(`admin/quant/order/list?fundId=${fund.id}`, { headers: trading.headers });
    expect(ofFund.json().data.list.map((order: { userId: number }) => order.userId)).toEqual([
      neighbour.user.id,
      holder.user.id,
    ]);
    const both = await api(t.app).get(`admin/quant/order/list?fundId=${other.id}&userId=${neighbour.user.id}`, {
      headers: compliance.headers,
    });
    expect(both.json().data.total).toBe(0);
    expect(
      (await api(t.app).get('admin/quant/order/list?userId=2147483648', { headers: trading.headers })).statusCode,
    ).toBe(422);
    expect((await api(t.app).get('admin/quant/order/list?status=2', { headers: trading.headers })).statusCode).toBe(
      422,
    );
    expect((await api(t.app).get('admin/quant/order/list', { headers: holder.headers })).statusCode).toBe(401);
    await expectLedgerVerified(t.app);
  });
});

describe('the dashboard with loans and funds', () => {
  it('counts loans waiting, open loans, money lent today and funds under management, each for its roles', async () => {
    const before = await dashboard(finance.headers);
    const waiting = queue(before, 'loan') ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(figure(before, 'openLoans')).toBe('0');
    expect(figure(before, 'fundsUnderManagement')).toBe('1500');
    expect(lastPoint(before, 'fundPurchases')).toEqual({ date: '2026-11-17', value: '1500' });

    const pending = await api(t.app).get('admin/loan/list?approvalStatus=0', { headers: finance.headers });
    const [loan] = pending.json().data.list;
    const approved = await api(t.app).post(
      'admin/loan/review',
      {
        id: loan.id,
        status: 1,
        amount: '250',
      },
      { headers: finance.headers },
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const after = await dashboard(finance.headers);
    expect(queue(after, 'loan')).toBe(waiting - 1);
    expect(figure(after, 'openLoans')).toBe('1');
    expect(figure(after, 'loansOutstanding')).toBe('250');
    expect(figure(after, 'loansDisbursedToday')).toBe('250');
    expect(lastPoint(after, 'loansDisbursed')).toEqual({ date: '2026-11-17', value: '250' });
    expect(after.series.find((item) => item.key === 'loansDisbursed')?.points).toHaveLength(30);

    const trader = await dashboard(trading.headers);
    expect(queue(trader, 'loan')).toBeUndefined();
    expect(figure(trader, 'fundsUnderManagement')).toBe('1500');
    const supporter = await dashboard(support.headers);
    expect(figure(supporter, 'fundsUnderManagement')).toBeUndefined();
    expect(figure(supporter, 'openLoans')).toBeUndefined();
    await expectLedgerVerified(t.app);
  });
});
