import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notices, quantOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { buy, createFund, fundInput, investor, platformBalance } from '../../test/products.ts';
import { balanceOf, createOperator, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

// Tuesday 2026-11-17, 15:00 UTC: New York is open, the test funds are on sale.
let now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let operator: { headers: Headers };
/** Passes the test deposits (a finance call). */
let cashier: { headers: Headers };
let fundId: number;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { clock: () => now } });
  operator = await createOperator(t.app, { role: 'trading' });
  cashier = await createOperator(t.app, { role: 'finance' });
  fundId = (await createFund(t.app, operator)).id;
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('the fund offer', () => {
  it('lists funds to guests with every field, on sale first, and filters by state and market', async () => {
    const upcoming = await createFund(t.app, operator, {
      name: 'Later',
      startTime: '2026-12-01T00:00:00Z',
      market: 'HK',
      currency: 'HKD',
    });
    const list = await api(t.app).get('quant/list');
    expect(list.statusCode, list.body).toBe(200);
    const [first] = list.json().data.list;
    expect(first).toMatchObject({
      id: fundId,
      name: 'Test Quant 3',
      market: 'US',
      timezone: 'America/New_York',
      currency: 'USDT',
      cycleDays: 3,
      dailyRateMin: '0.001',
      dailyRateMax: '0.003',
      cycleReturnMin: '0.003',
      cycleReturnMax: '0.009',
      minAmount: '100',
      maxAmount: '10000',
      startTime: '2026-11-01T00:00:00.000Z',
      endTime: '2026-12-31T00:00:00.000Z',
      lastTradeDay: '2026-12-15',
      saleState: 'onSale',
      latestRate: null,
    });
    const onSale = await api(t.app).get('quant/list?state=onSale');
    expect(onSale.json().data.list.map((fund: { id: number }) => fund.id)).not.toContain(upcoming.id);
    const hk = await api(t.app).get('quant/list?market=HK');
    expect(hk.json().data.list).toMatchObject([{ id: upcoming.id, saleState: 'upcoming' }]);
    const detail = await api(t.app).get(`quant/detail?id=${upcoming.id}`);
    expect(detail.json().data).toMatchObject({ id: upcoming.id, timezone: 'Asia/Hong_Kong' });
  });

  it('refuses an unknown market with 422 MARKET_NOT_FOUND in the request language, not an empty list', async () => {
    const english = await api(t.app).get('quant/list?market=XX');
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      code: 'MARKET_NOT_FOUND',
      message: 'Unknown market: XX. The markets are EU, HK, JP, US',
    });
    const german = await api(t.app).get('quant/list?market=XX', { lang: 'de' });
    expect(german.json().message).toBe('Unbekannter Markt: XX. Die Märkte sind EU, HK, JP, US');
    // A known market in lower case is the same market.
    expect((await api(t.app).get('quant/list?market=hk')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown fund and 422 for an id out of range', async () => {
    expect((await api(t.app).get('quant/detail?id=999999')).json().code).toBe('QUANT_FUND_NOT_FOUND');
    expect((await api(t.app).get('quant/detail?id=2147483648')).statusCode).toBe(422);
    expect((await api(t.app).get('quant/rate/list?id=999999')).statusCode).toBe(404);
  });
});

describe('buying a fund', () => {
  it('moves the amount to the quant escrow, records the order and notifies', async () => {
    const member = await investor(t.app, cashier, '1000');
    const bought = await buy(t.app, member, fundId, '400');
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ fundId, fundName: 'Test Quant 3', amount: '400', status: 0 });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '600', frozen: '0' });
    const orders = await api(t.app).get('quant/order/list', { headers: member.headers });
    expect(orders.json().data).toMatchObject({ total: 1, list: [{ id: bought.json().data.id, lastProfit: null }] });
    const transactions = await api(t.app).get('transaction/list?type=quant_buy', { headers: member.headers });
    expect(transactions.json().data.list).toMatchObject([{ type: 'quant_buy', amount: '-400', balanceAfter: '600' }]);
    const [notice] = await t.app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, member.user.id), eq(notices.kind, 'quantBought')));
    expect(notice).toMatchObject({
      kind: 'quantBought',
      params: { fund: 'Test Quant 3', amount: '400', currency: 'USDT' },
    });
  });

  it('refuses below the minimum and above the maximum, with {min} in two languages, moving nothing', async () => {
    const member = await investor(t.app, cashier, '20000');
    const low = await buy(t.app, member, fundId, '99');
    expect(low.statusCode).toBe(422);
    expect(low.json()).toEqual({ code: 'QUANT_BELOW_MINIMUM', message: 'The minimum purchase is 100 USDT' });
    const german = await api(t.app).post(
      'quant/buy',
      { fundId, amount: '99', payPassword: '246810' },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(german.json().message).toBe('Der Mindestkauf beträgt 100 USDT');
    const high = await buy(t.app, member, fundId, '10001');
    expect(high.json()).toMatchObject({ code: 'QUANT_ABOVE_MAXIMUM', message: 'The maximum purchase is 10000 USDT' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '20000', frozen: '0' });
  });

  it('refuses a wrong pay password and a short balance, moving nothing', async () => {
    const member = await investor(t.app, cashier, '150');
    const wrong = await buy(t.app, member, fundId, '100', { payPassword: '000000' });
    expect(wrong.json().code).toBe('PAY_PASSWORD_WRONG');
    const short = await buy(t.app, member, fundId, '200');
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '150', frozen: '0' });
    expect(await t.app.db.select().from(quantOrders).where(eq(quantOrders.userId, member.user.id))).toEqual([]);
  });

  it('takes no purchase before the sale, after the last day of trade, or once closed', async () => {
    const member = await investor(t.app, cashier, '1000');
    const lastDay = await createFund(t.app, operator, { lastTradeDay: '2026-11-16' });
    const refused = await buy(t.app, member, lastDay.id, '100');
    expect(refused.json()).toEqual({ code: 'QUANT_NOT_ON_SALE', message: 'This fund is not on sale now' });
    const later = await createFund(t.app, operator, { startTime: '2026-11-18T00:00:00Z' });
    expect((await buy(t.app, member, later.id, '100')).json().code).toBe('QUANT_NOT_ON_SALE');
    // The last day of trade is a whole day in New York: still on sale at 23:59 there.
    const today = await createFund(t.app, operator, { lastTradeDay: '2026-11-17' });
    now = Date.parse('2026-11-18T04:59:00Z');
    expect((await buy(t.app, member, today.id, '100')).statusCode).toBe(200);
    now = Date.parse('2026-11-18T05:00:00Z');
    expect((await buy(t.app, member, today.id, '100')).json().code).toBe('QUANT_NOT_ON_SALE');
    now = Date.parse('2026-11-17T15:00:00Z');
    const closed = await createFund(t.app, operator);
    expect(
      (await api(t.app).post('admin/quant/close', { id: closed.id }, { headers: operator.headers })).statusCode,
    ).toBe(200);
    expect((await buy(t.app, member, closed.id, '100')).json().code).toBe('QUANT_NOT_ON_SALE');
    const listed = await api(t.app).get(`quant/detail?id=${closed.id}`);
    expect(listed.json().data.saleState).toBe('ended');
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '900', frozen: '0' });
  });

  it('refuses bad input with a clear 4xx and moves nothing', async () => {
    const member = await investor(t.app, cashier, '1000');
    const cases: [object, number][] = [
      [{ fundId, amount: '100.5', payPassword: '246810' }, 422],
      [{ fundId, amount: '10000000000000000', payPassword: '246810' }, 422],
      [{ fundId, amount: 100, payPassword: '246810' }, 422],
      [{ fundId: 2 ** 31, amount: '100', payPassword: '246810' }, 422],
      [{ fundId: 999999, amount: '100', payPassword: '246810' }, 404],
      [{ fundId, amount: '100' }, 422],
      [{ fundId, amount: '100', payPassword: '246810', userId: 1 }, 422],
    ];
    for (const [body, status] of cases) {
      const response = await api(t.app).post('quant/buy', body, { headers: member.headers });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    const nul = await buy(t.app, member, fundId, '100', { payPassword: '2468\u000010' });
    expect([400, 422]).toContain(nul.statusCode);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quant/buy',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: '{"fundId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await t.app.db.select().from(quantOrders).where(eq(quantOrders.userId, member.user.id))).toEqual([]);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '1000', frozen: '0' });
  });

  it('needs a login', async () => {
    const response = await api(t.app).post('quant/buy', { fundId, amount: '100', payPassword: '246810' });
    expect(response.statusCode).toBe(401);
  });

  it('replays a purchase with the same Idempotency-Key and moves the money once', async () => {
    const member = await investor(t.app, cashier, '1000');
    const headers = { ...member.headers, 'idempotency-key': 'quant-buy-1' };
    const body = { fundId, amount: '300', payPassword: '246810' };
    const first = await api(t.app).post('quant/buy', body, { headers: headers });
    const again = await api(t.app).post('quant/buy', body, { headers: headers });
    expect(again.json().data).toEqual(first.json().data);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '700', frozen: '0' });
    const reused = await api(t.app).post('quant/buy', { ...body, amount: '200' }, { headers: headers });
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('20 concurrent purchases racing for one balance: exactly one wins', async () => {
    const member = await investor(t.app, cashier, '150');
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(t.app, member, fundId, '100')));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.filter((response) => response.json().code === 'INSUFFICIENT_BALANCE')).toHaveLength(19);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '50', frozen: '0' });
  });
});

describe("another member's orders (IDOR)", () => {
  it('lists only the own orders and profits, even when asked for another order id', async () => {
    const owner = await investor(t.app, cashier, '500');
    const other = await investor(t.app, cashier, '0');
    const order = (await buy(t.app, owner, fundId, '100')).json().data;
    expect((await api(t.app).get('quant/order/list', { headers: other.headers })).json().data.total).toBe(0);
    const profits = await api(t.app).get(`quant/profit/list?orderId=${order.id}`, { headers: other.headers });
    expect(profits.json().data).toMatchObject({ total: 0, list: [] });
  });
});

describe('operator calls', () => {
  it('publishes, changes and closes funds, audited; terms are fixed once a fund is bought', async () => {
    const created = await createFund(t.app, operator, { name: 'Audit me' });
    const renamed = await api(t.app).post(
      'admin/quant/update',
      {
        id: created.id,
        name: 'Audited',
        dailyRateMax: '0.004',
      },
      { headers: operator.headers },
    );
    expect(renamed.json().data).toMatchObject({ name: 'Audited', dailyRateMax: '0.004', orders: 0 });
    const member = await investor(t.app, cashier, '500');
    expect((await buy(t.app, member, created.id, '200')).statusCode).toBe(200);
    const locked = await api(t.app).post(
      'admin/quant/update',
      {
        id: created.id,
        cycleDays: 10,
      },
      { headers: operator.headers },
    );
    expect(locked.json().code).toBe('QUANT_FUND_LOCKED');
    const stillEditable = await api(t.app).post(
      'admin/quant/update',
      {
        id: created.id,
        name: 'Audited again',
        maxAmount: '20000',
      },
      { headers: operator.headers },
    );
    expect(stillEditable.json().data).toMatchObject({ name: 'Audited again', orders: 1, invested: '200' });
    const closed = await api(t.app).post('admin/quant/close', { id: created.id }, { headers: operator.headers });
    expect(closed.json().data).toMatchObject({ saleState: 'ended' });
    expect(closed.json().data.closedAt).not.toBeNull();
    const actions = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['quant.create', 'quant.update', 'quant.update', 'quant.close']),
    );
    const listed = await api(t.app).get('admin/quant/list?pageSize=100', { headers: operator.headers });
    expect(listed.json().data.list.find((fund: { id: number }) => fund.id === created.id)).toMatchObject({
      orders: 1,
      invested: '200',
    });
    expect(await platformBalance(t.app, 'quant_escrow', 'USDT')).not.toBe('0');
  });

  it('checks a fund: market, currency, rate and amount ranges, sale window', async () => {
    const invalid: [object, string][] = [
      [{ market: 'XX' }, 'There is no market XX'],
      [{ currency: 'XYZ' }, 'This currency is not available: XYZ'],
      [{ dailyRateMin: '0.01', dailyRateMax: '0.001' }, 'The highest daily rate must not be below the lowest'],
      [{ minAmount: '500', maxAmount: '100' }, 'The maximum amount must not be below the minimum'],
      [{ lastTradeDay: '2026-10-01' }, 'The sale must end after it starts (by its end time and its last day of trade)'],
    ];
    for (const [input, message] of invalid) {
      const response = await api(t.app).post(
        'admin/quant/create',
        { ...fundInput, ...input },
        { headers: operator.headers },
      );
      expect(response.statusCode, JSON.stringify(input)).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const rate = await api(t.app).post(
      'admin/quant/create',
      {
        ...fundInput,
        dailyRateMax: '1.5',
      },
      { headers: operator.headers },
    );
    expect(rate.json().message).toEqual(['Highest daily rate must be a daily rate from 0 to below 1, such as 0.0035']);
  });

  it('is for trading and admin operators only', async () => {
    const finance = await createOperator(t.app, { role: 'finance' });
    expect((await api(t.app).post('admin/quant/create', fundInput, { headers: finance.headers })).statusCode).toBe(403);
    expect((await api(t.app).get('admin/quant/list', { headers: finance.headers })).statusCode).toBe(403);
    const member = await investor(t.app, cashier, '0');
    expect((await api(t.app).get('admin/quant/list', { headers: member.headers })).statusCode).toBe(401);
    const admin = await createOperator(t.app);
    expect((await api(t.app).get('admin/quant/list', { headers: admin.headers })).statusCode).toBe(200);
  });
});
