import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notices, tradeOrders, users } from '../../db/schema/index.ts';
import { api } from '../../test/http.ts';
import { buy, detail, path, place, tick, tradeSuite } from '../../test/trade-kit.ts';
import { balanceOf } from '../../test/wallet.ts';

// AAPL: US market, lot 1, one tick of spread: at a last of 100.00 the bid is 99.99, the ask 100.01.
// US fees: 0.05 % commission, minimum 1, platform fee 0.50 per order.
const suite = tradeSuite();

describe('market orders', () => {
  it('a market buy fills at the ask in one ledger entry and opens a long position', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy());
    expect(order).toMatchObject({
      status: 'filled',
      fillPrice: '100.01',
      fee: '1.5',
      total: '1001.6',
      fillReason: {
        key: 'market',
        params: { price: '100.01', side: 'ask' },
        text: 'Market order filled at 100.01 (ask)',
      },
    });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '98998.4', frozen: '0' });
    const holdings = (await api(suite.t.app).get('order/holdings', { headers: suite.member.headers })).json().data;
    expect(holdings.list[0]).toMatchObject({
      id: order.positionId,
      direction: 'buy',
      quantity: 10,
      openPrice: '100.01',
      bid: '99.99',
      markPrice: '99.99',
      floatingPnl: '-0.2',
    });
    expect(holdings.totals).toEqual([
      { currency: 'USD', cost: '1000.1', marketValue: '999.9', floatingPnl: '-0.2', positions: 1 },
    ]);
    const [notice] = await suite.t.app.db.select().from(notices).where(eq(notices.userId, suite.member.user.id));
    expect(notice).toMatchObject({ kind: 'orderFilled' });
  });

  it('a VIP member pays the commission of the best step at or below their level, in the order, the ledger and the notice', async () => {
    // 100 x 100.01 = 10,001.00 notional; 0.05 % = 5.0005 before the discount.
    await suite.t.app.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, suite.member.user.id));
    // Level 2: 20 % off, 4.0004 rounded up to 4.01, plus the 0.50 platform fee.
    expect(await place(suite.t.app, suite.member.headers, buy({ quantity: 100 }))).toMatchObject({
      fee: '4.51',
      total: '10005.51',
    });
    await suite.t.app.db.update(users).set({ vipLevel: 7 }).where(eq(users.id, suite.member.user.id));
    // Level 7 is above the last step (5, 50 % off): 2.50025 rounded up to 2.51, plus 0.50.
    expect(await place(suite.t.app, suite.member.headers, buy({ quantity: 100 }))).toMatchObject({
      fee: '3.01',
      total: '10004.01',
    });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '79990.48', frozen: '0' });
    const fees = (await suite.t.app.db.select().from(notices).where(eq(notices.userId, suite.member.user.id))).map(
      (notice) => notice.params.fee,
    );
    expect(fees.sort()).toEqual(['3.01', '4.51']);
  });

  it('a market sell fills at the bid and opens a short; its fill reason reads in German', async () => {
    const response = await api(suite.t.app).post(
      'order/place',
      {
        ...buy(),
        direction: 'sell',
      },
      { headers: { ...suite.member.headers, 'x-soar-lang': 'de' } },
    );
    expect(response.json().data).toMatchObject({
      fillPrice: '99.99',
      fillReason: { text: 'Marktauftrag ausgeführt zu 99,99 (Geld)' },
    });
  });

  it('refuses an order the balance cannot pay with nothing moved', async () => {
    const before = await balanceOf(suite.t.app, suite.member.headers, 'USD');
    const response = await api(suite.t.app).post('order/place', buy({ quantity: 2000 }), {
      headers: suite.member.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TRADE_INSUFFICIENT_FUNDS');
    const de = await api(suite.t.app).post('order/place', buy({ quantity: 2000 }), {
      headers: { ...suite.member.headers, 'x-soar-lang': 'de' },
    });
    expect(de.json().message).toMatch(/^Nicht genügend Guthaben/);
    const limit = await api(suite.t.app).post('order/place', buy({ type: 'limit', limitPrice: '90', quantity: 5000 }), {
      headers: suite.member.headers,
    });
    expect(limit.json().code).toBe('TRADE_INSUFFICIENT_FUNDS');
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual(before);
    expect(await suite.t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, suite.member.user.id))).toEqual(
      [],
    );
  });
});

describe('the fill policy on a price path', () => {
  it('a buy limit waits with its funds frozen and fills at the ask once it reaches the limit', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ type: 'limit', limitPrice: '99.50' }));
    expect(order).toMatchObject({ status: 'pending', waitingFor: 'price', frozen: '996.5' });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({
      available: '99003.5',
      frozen: '996.5',
    });
    await path(suite.t.app, 'AAPL', ['99.80', '99.50']); // ask 99.51: not yet
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('pending');
    await tick(suite.t.app, 'AAPL', '99.49'); // ask 99.50
    const filled = await detail(suite.t.app, suite.member.headers, order.id);
    expect(filled).toMatchObject({
      status: 'filled',
      fillPrice: '99.5',
      frozen: '0',
      fillReason: { key: 'limitReached', text: 'Limit 99.50 reached: filled at 99.50 (ask)' },
    });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '99003.5', frozen: '0' });
  });

  it('a limit the market gaps through fills at the better price', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ type: 'limit', limitPrice: '99.50' }));
    await tick(suite.t.app, 'AAPL', '97.00');
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({
      status: 'filled',
      fillPrice: '97.01',
    });
  });

  it('a sell stop triggers at its stop and, across a gap, fills at the first price after it', async () => {
    const calm = await place(suite.t.app, suite.member.headers, {
      ...buy({ type: 'stop', stopPrice: '99.00' }),
      direction: 'sell',
    });
    const gapped = await place(suite.t.app, suite.member.headers, {
      ...buy({ type: 'stop', stopPrice: '95.10' }),
      direction: 'sell',
    });
    await tick(suite.t.app, 'AAPL', '99.00');
    expect(await detail(suite.t.app, suite.member.headers, calm.id)).toMatchObject({
      status: 'filled',
      fillPrice: '98.99',
      fillReason: { key: 'stopTriggered', text: 'Stop triggered at 99.00: filled at 98.99 (bid)' },
    });
    expect((await detail(suite.t.app, suite.member.headers, gapped.id)).status).toBe('pending');
    await tick(suite.t.app, 'AAPL', '94.81'); // gap: never filled at the stop
    expect(await detail(suite.t.app, suite.member.headers, gapped.id)).toMatchObject({
      status: 'filled',
      fillPrice: '94.8',
      fillReason: {
        key: 'stopGap',
        params: { stop: '95.10', trigger: '94.81', price: '94.80' },
        text: 'Stop 95.10 triggered at 94.81, gap: filled at 94.80 (bid)',
      },
    });
  });

  it('a stop-limit becomes a limit at its stop and fills once the limit is reached', async () => {
    const order = await place(
      suite.t.app,
      suite.member.headers,
      buy({ type: 'stopLimit', stopPrice: '101.00', limitPrice: '101.20' }),
    );
    await tick(suite.t.app, 'AAPL', '101.50'); // stop crossed, ask 101.51 above the limit
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({ status: 'pending' });
    await tick(suite.t.app, 'AAPL', '101.10'); // ask 101.11
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({
      status: 'filled',
      fillPrice: '101.11',
      fillReason: { key: 'stopLimitReached' },
    });
  });

  it('a trailing stop follows the best price and triggers at its distance below it', async () => {
    const order = await place(suite.t.app, suite.member.headers, {
      ...buy({ type: 'trailingStop', trailPercent: '5' }),
      direction: 'sell',
    });
    await path(suite.t.app, 'AAPL', ['104.00', '110.00', '106.00']); // best 110: trigger 104.50
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({
      status: 'pending',
      stopPrice: '104.5',
    });
    await tick(suite.t.app, 'AAPL', '104.40');
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({
      status: 'filled',
      fillPrice: '104.39',
      fillReason: { key: 'trailingTriggered', params: { trigger: '104.50', best: '110.00' } },
    });
  });

  it('refuses fields that do not fit the type, quantities off the lot, and protection on the wrong side', async () => {
    const cases: [object, string][] = [
      [buy({ type: 'limit' }), 'TRADE_PRICE_REQUIRED'],
      [buy({ limitPrice: '10' }), 'TRADE_PRICE_NOT_ALLOWED'],
      [buy({ type: 'trailingStop' }), 'TRADE_TRAIL_REQUIRED'],
      [buy({ stopLoss: '101' }), 'TRADE_STOP_LOSS_SIDE'],
      [buy({ takeProfit: '99' }), 'TRADE_TAKE_PROFIT_SIDE'],
      [{ ...buy(), symbol: '0700.HK', quantity: 150 }, 'TRADE_QUANTITY_LOT'],
      [{ ...buy(), symbol: 'NOPE' }, 'SYMBOL_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const response = await api(suite.t.app).post('order/place', body, { headers: suite.member.headers });
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const de = await api(suite.t.app).post('order/place', buy({ stopLoss: '101' }), {
      headers: { ...suite.member.headers, 'x-soar-lang': 'de' },
    });
    expect(de.json().message).toMatch(/^Der Stop-Loss muss/);
  });
});
