import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, notices, tradeOrders, tradePositions, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { platformBalance } from '../../test/products.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  type Headers,
  payPassword,
} from '../../test/wallet.ts';
import { setPayPassword } from '../member/pay-password.ts';
import { createTradeApp, credit, detail, path, place, tick } from './test-kit.ts';

// AAPL: US market, lot 1, one tick of spread: at a last of 100.00 the bid is 99.99, the ask 100.01.
// US fees: 0.05 % commission, minimum 1, platform fee 0.50 per order.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let member: { headers: Headers; user: { id: number } };

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
});
beforeEach(async () => {
  member = await createMember(t.app);
  await credit(t.app, member.user.id, 'USD', '100000');
  await tick(t.app, 'AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const buy = (extra: object = {}) => ({ symbol: 'AAPL', type: 'market', direction: 'buy', quantity: 10, ...extra });

describe('market orders', () => {
  it('a market buy fills at the ask in one ledger entry and opens a long position', async () => {
    const order = await place(t.app, member.headers, buy());
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
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '98998.4', frozen: '0' });
    const holdings = (await api(t.app).get('order/holdings', { headers: member.headers })).json().data;
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
    const [notice] = await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'orderFilled' });
  });

  it('a VIP member pays the commission of the best step at or below their level, in the order, the ledger and the notice', async () => {
    // 100 x 100.01 = 10,001.00 notional; 0.05 % = 5.0005 before the discount.
    await t.app.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, member.user.id));
    // Level 2: 20 % off, 4.0004 rounded up to 4.01, plus the 0.50 platform fee.
    expect(await place(t.app, member.headers, buy({ quantity: 100 }))).toMatchObject({
      fee: '4.51',
      total: '10005.51',
    });
    await t.app.db.update(users).set({ vipLevel: 7 }).where(eq(users.id, member.user.id));
    // Level 7 is above the last step (5, 50 % off): 2.50025 rounded up to 2.51, plus 0.50.
    expect(await place(t.app, member.headers, buy({ quantity: 100 }))).toMatchObject({
      fee: '3.01',
      total: '10004.01',
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '79990.48', frozen: '0' });
    const fees = (await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id))).map(
      (notice) => notice.params.fee,
    );
    expect(fees.sort()).toEqual(['3.01', '4.51']);
  });

  it('a market sell fills at the bid and opens a short; its fill reason reads in German', async () => {
    const response = await api(t.app).post(
      'order/place',
      {
        ...buy(),
        direction: 'sell',
      },
      { headers: { ...member.headers, 'x-soar-lang': 'de' } },
    );
    expect(response.json().data).toMatchObject({
      fillPrice: '99.99',
      fillReason: { text: 'Marktauftrag ausgeführt zu 99.99 (Geld)' },
    });
  });

  it('refuses an order the balance cannot pay with nothing moved', async () => {
    const before = await balanceOf(t.app, member.headers, 'USD');
    const response = await api(t.app).post('order/place', buy({ quantity: 2000 }), { headers: member.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TRADE_INSUFFICIENT_FUNDS');
    const de = await api(t.app).post('order/place', buy({ quantity: 2000 }), {
      headers: { ...member.headers, 'x-soar-lang': 'de' },
    });
    expect(de.json().message).toMatch(/^Nicht genügend Guthaben/);
    const limit = await api(t.app).post('order/place', buy({ type: 'limit', limitPrice: '90', quantity: 5000 }), {
      headers: member.headers,
    });
    expect(limit.json().code).toBe('TRADE_INSUFFICIENT_FUNDS');
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual(before);
    expect(await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, member.user.id))).toEqual([]);
  });
});

describe('the fill policy on a price path', () => {
  it('a buy limit waits with its funds frozen and fills at the ask once it reaches the limit', async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '99.50' }));
    expect(order).toMatchObject({ status: 'pending', waitingFor: 'price', frozen: '996.5' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '99003.5', frozen: '996.5' });
    await path(t.app, 'AAPL', ['99.80', '99.50']); // ask 99.51: not yet
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending');
    await tick(t.app, 'AAPL', '99.49'); // ask 99.50
    const filled = await detail(t.app, member.headers, order.id);
    expect(filled).toMatchObject({
      status: 'filled',
      fillPrice: '99.5',
      frozen: '0',
      fillReason: { key: 'limitReached', text: 'Limit 99.50 reached: filled at 99.50 (ask)' },
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '99003.5', frozen: '0' });
  });

  it('a limit the market gaps through fills at the better price', async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '99.50' }));
    await tick(t.app, 'AAPL', '97.00');
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({ status: 'filled', fillPrice: '97.01' });
  });

  it('a sell stop triggers at its stop and, across a gap, fills at the first price after it', async () => {
    const calm = await place(t.app, member.headers, {
      ...buy({ type: 'stop', stopPrice: '99.00' }),
      direction: 'sell',
    });
    const gapped = await place(t.app, member.headers, {
      ...buy({ type: 'stop', stopPrice: '95.10' }),
      direction: 'sell',
    });
    await tick(t.app, 'AAPL', '99.00');
    expect(await detail(t.app, member.headers, calm.id)).toMatchObject({
      status: 'filled',
      fillPrice: '98.99',
      fillReason: { key: 'stopTriggered', text: 'Stop triggered at 99.00: filled at 98.99 (bid)' },
    });
    expect((await detail(t.app, member.headers, gapped.id)).status).toBe('pending');
    await tick(t.app, 'AAPL', '94.81'); // gap: never filled at the stop
    expect(await detail(t.app, member.headers, gapped.id)).toMatchObject({
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
      t.app,
      member.headers,
      buy({ type: 'stopLimit', stopPrice: '101.00', limitPrice: '101.20' }),
    );
    await tick(t.app, 'AAPL', '101.50'); // stop crossed, ask 101.51 above the limit
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({ status: 'pending' });
    await tick(t.app, 'AAPL', '101.10'); // ask 101.11
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({
      status: 'filled',
      fillPrice: '101.11',
      fillReason: { key: 'stopLimitReached' },
    });
  });

  it('a trailing stop follows the best price and triggers at its distance below it', async () => {
    const order = await place(t.app, member.headers, {
      ...buy({ type: 'trailingStop', trailPercent: '5' }),
      direction: 'sell',
    });
    await path(t.app, 'AAPL', ['104.00', '110.00', '106.00']); // best 110: trigger 104.50
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({ status: 'pending', stopPrice: '104.5' });
    await tick(t.app, 'AAPL', '104.40');
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({
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
      const response = await api(t.app).post('order/place', body, { headers: member.headers });
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const de = await api(t.app).post('order/place', buy({ stopLoss: '101' }), {
      headers: { ...member.headers, 'x-soar-lang': 'de' },
    });
    expect(de.json().message).toMatch(/^Der Stop-Loss muss/);
  });
});

describe('positions', () => {
  it('stop loss and take profit are one-cancels-other: the take profit closes and clears the stop loss', async () => {
    const order = await place(t.app, member.headers, buy({ stopLoss: '95', takeProfit: '110' }));
    await tick(t.app, 'AAPL', '110.00'); // bid 109.99: not yet
    await tick(t.app, 'AAPL', '110.01'); // bid 110.00
    const done = await detail(t.app, member.headers, order.id);
    expect(done.position).toMatchObject({
      status: 'closed',
      quantity: 0,
      closeReason: 'takeProfit',
      stopLoss: null,
      takeProfit: null,
    });
    expect(done.closes[0]).toMatchObject({
      closePrice: '110',
      reason: 'takeProfit',
      fillReason: { key: 'closeTakeProfit' },
    });
    // (110.00 - 100.01) x 10 = 99.9, less the closing fee 1.5
    expect(done.closes[0].realisedPnl).toBe('98.4');
    await tick(t.app, 'AAPL', '90.00');
    const after = await detail(t.app, member.headers, order.id);
    expect(after.closes).toHaveLength(1);
  });

  it('a stop loss skipped by a gap closes at the first price after it', async () => {
    const order = await place(t.app, member.headers, buy({ stopLoss: '95' }));
    await tick(t.app, 'AAPL', '93.00');
    const done = await detail(t.app, member.headers, order.id);
    expect(done.closes[0]).toMatchObject({ closePrice: '92.99', fillReason: { key: 'closeStopLossGap' } });
  });

  it('closes in parts with realised P/L, then the rest; the closed tab lists each close', async () => {
    const order = await place(t.app, member.headers, buy());
    await tick(t.app, 'AAPL', '105.00'); // bid 104.99
    const part = await api(t.app).post(
      'order/close',
      {
        positionId: order.positionId,
        quantity: 4,
      },
      { headers: member.headers },
    );
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.position).toMatchObject({ quantity: 6, closedQuantity: 4, status: 'open' });
    // (104.99 - 100.01) x 4 = 19.92, less 1.5
    expect(part.json().data.close).toMatchObject({
      quantity: 4,
      closePrice: '104.99',
      realisedPnl: '18.42',
      proceeds: '418.46',
    });
    const tooMany = await api(t.app).post(
      'order/close',
      {
        positionId: order.positionId,
        quantity: 7,
      },
      { headers: member.headers },
    );
    expect(tooMany.json().code).toBe('TRADE_CLOSE_QUANTITY');
    const rest = await api(t.app).post('order/close', { positionId: order.positionId }, { headers: member.headers });
    expect(rest.json().data.position).toMatchObject({ quantity: 0, status: 'closed', realisedPnl: '46.8' });
    const again = await api(t.app).post('order/close', { positionId: order.positionId }, { headers: member.headers });
    expect(again.statusCode).toBe(409);
    const closed = (await api(t.app).get('order/closed', { headers: member.headers })).json().data;
    expect(closed.total).toBe(2);
    expect(closed.list.map((close: { quantity: number }) => close.quantity)).toEqual([6, 4]);
    // Every cent is accounted for: start 100000, open 1001.6, back 418.46 + 628.44.
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '100045.3', frozen: '0' });
  });

  it('a short is stopped out when its loss reaches 90 % of its collateral', async () => {
    const order = await place(t.app, member.headers, { ...buy(), direction: 'sell' }); // at 99.99
    const holding = (await api(t.app).get('order/holdings', { headers: member.headers })).json().data.list[0];
    expect(holding.stopOutPrice).toBe('189.98');
    await tick(t.app, 'AAPL', '189.00');
    expect((await detail(t.app, member.headers, order.id)).position.status).toBe('open');
    await tick(t.app, 'AAPL', '190.00');
    const done = await detail(t.app, member.headers, order.id);
    expect(done.position).toMatchObject({ status: 'closed', closeReason: 'stopOut' });
    expect(done.closes[0]).toMatchObject({ closePrice: '190.01', fillReason: { key: 'closeStopOut' } });
  });

  it('amends stop loss and take profit of a position and the book follows', async () => {
    const order = await place(t.app, member.headers, buy());
    const updated = await api(t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        stopLoss: '98',
      },
      { headers: member.headers },
    );
    expect(updated.json().data.position).toMatchObject({ stopLoss: '98' });
    const wrong = await api(t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        takeProfit: '50',
      },
      { headers: member.headers },
    );
    expect(wrong.json().code).toBe('TRADE_TAKE_PROFIT_SIDE');
    const moved = await api(t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        stopLoss: '97',
      },
      { headers: member.headers },
    );
    expect(moved.statusCode).toBe(200);
    await tick(t.app, 'AAPL', '97.50'); // the old 98 would have fired
    expect((await detail(t.app, member.headers, order.id)).position.status).toBe('open');
    await tick(t.app, 'AAPL', '97.00');
    expect((await detail(t.app, member.headers, order.id)).position).toMatchObject({
      status: 'closed',
      closeReason: 'stopLoss',
    });
  });
});

describe('waiting orders', () => {
  it('amends and cancels a waiting limit: the frozen amount follows and returns', async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '90' }));
    expect(order.frozen).toBe('901.5');
    const amended = await api(t.app).post(
      'order/update',
      { orderId: order.id, limitPrice: '95' },
      { headers: member.headers },
    );
    expect(amended.json().data.order).toMatchObject({ limitPrice: '95', frozen: '951.5' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '99048.5', frozen: '951.5' });
    const pending = (await api(t.app).get('order/pending', { headers: member.headers })).json().data;
    expect(pending.list.map((item: { id: number }) => item.id)).toEqual([order.id]);
    const cancelled = await api(t.app).post('order/cancel', { id: order.id }, { headers: member.headers });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', frozen: '0' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
    const twice = await api(t.app).post('order/cancel', { id: order.id }, { headers: member.headers });
    expect(twice.json().code).toBe('TRADE_ORDER_NOT_PENDING');
    await tick(t.app, 'AAPL', '80.00');
    expect((await detail(t.app, member.headers, order.id)).status).toBe('cancelled');
  });

  it('a day order expires at its close (the job), its funds return and the member is told', async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '90', timeInForce: 'day' }));
    expect(order.expiresAt).toBe('2026-11-18T00:00:00.000Z'); // markets around the clock: UTC midnight
    await t.app.jobs.runDue(new Date(now));
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending');
    const later = Date.parse('2026-11-18T00:01:00Z');
    await t.app.jobs.runDue(new Date(later));
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({ status: 'expired', frozen: '0' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
    const kinds = (await t.app.db.select().from(notices).where(eq(notices.userId, member.user.id))).map((n) => n.kind);
    expect(kinds).toContain('orderExpired');
  });

  it('a restart rebuilds the book from the database and the waiting order still fires', async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '99' }));
    const position = await place(t.app, member.headers, buy({ stopLoss: '98.5' }));
    t.app.trade.engine.book.clear();
    await tick(t.app, 'AAPL', '98.00');
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending'); // nothing in memory
    await tick(t.app, 'AAPL', '100.00');
    await t.app.trade.engine.rebuild();
    expect(t.app.trade.engine.book.of('AAPL').has(`order:${order.id}`)).toBe(true);
    await tick(t.app, 'AAPL', '98.00');
    expect((await detail(t.app, member.headers, order.id)).status).toBe('filled');
    expect((await detail(t.app, member.headers, position.id)).position.status).toBe('closed');
  });
});

describe('block orders', () => {
  it('wait for review with funds frozen; a pass opens the position, a refusal returns the funds; both audited', async () => {
    await credit(t.app, member.user.id, 'USD', '3000000');
    await setPayPassword(t.app.db, member.user.id, payPassword);
    const noPassword = await api(t.app).post('order/place', buy({ quantity: 10_000 }), { headers: member.headers });
    expect(noPassword.statusCode).toBe(400);
    const block = await place(t.app, member.headers, buy({ quantity: 10_000, payPassword }));
    expect(block).toMatchObject({ status: 'pending', waitingFor: 'review', block: true });
    const second = await place(t.app, member.headers, buy({ quantity: 10_000, payPassword }));
    await tick(t.app, 'AAPL', '100.00');
    expect((await detail(t.app, member.headers, block.id)).status).toBe('pending'); // no fill without review
    const trader = await createOperator(t.app, { role: 'trading' });
    const support = await createOperator(t.app, { role: 'support' });
    expect((await api(t.app).get('admin/order/list', { headers: support.headers })).statusCode).toBe(403);
    const queue = (await api(t.app).get('admin/order/list', { headers: trader.headers })).json().data;
    expect(queue.list.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([block.id, second.id]));
    const noReason = await api(t.app).post(
      'admin/order/review',
      { id: second.id, status: 2 },
      { headers: trader.headers },
    );
    expect(noReason.json().code).toBe('TRADE_REFUSE_REASON_REQUIRED');
    const passed = await api(t.app).post(
      'admin/order/review',
      { id: block.id, status: 1 },
      { headers: trader.headers },
    );
    expect(passed.json().data).toMatchObject({
      status: 'filled',
      fillPrice: '100.01',
      fillReason: { key: 'blockPassed' },
    });
    const refused = await api(t.app).post(
      'admin/order/review',
      {
        id: second.id,
        status: 2,
        reason: 'Over the daily block limit',
      },
      { headers: trader.headers },
    );
    expect(refused.json().data).toMatchObject({ status: 'refused', refuseReason: 'Over the daily block limit' });
    const again = await api(t.app).post(
      'admin/order/review',
      { id: second.id, status: 1 },
      { headers: trader.headers },
    );
    expect(again.json().code).toBe('TRADE_NOT_BLOCK_ORDER');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'order'));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['order.pass', 'order.refuse']));
    const balance = await balanceOf(t.app, member.headers, 'USD');
    expect(balance.frozen).toBe('0');
  });
});

describe('guards', () => {
  it("another member's order or position is not found, and nothing changes", async () => {
    const order = await place(t.app, member.headers, buy({ type: 'limit', limitPrice: '90' }));
    const filled = await place(t.app, member.headers, buy());
    const other = await createMember(t.app);
    const tries = [
      await api(t.app).post('order/cancel', { id: order.id }, { headers: other.headers }),
      await api(t.app).post('order/update', { orderId: order.id, limitPrice: '91' }, { headers: other.headers }),
      await api(t.app).post(
        'order/update',
        { positionId: filled.positionId, stopLoss: '50' },
        { headers: other.headers },
      ),
      await api(t.app).post('order/close', { positionId: filled.positionId }, { headers: other.headers }),
      await api(t.app).get(`order/detail?id=${order.id}`, { headers: other.headers }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending');
    const [position] = await t.app.db.select().from(tradePositions).where(eq(tradePositions.id, filled.positionId));
    expect(position).toMatchObject({ status: 'open', stopLoss: null });
  });

  it('refuses bad input with a 4xx and moves nothing', async () => {
    const before = await balanceOf(t.app, member.headers, 'USD');
    const bodies = [
      buy({ symbol: 'AA\u0000PL' }),
      buy({ quantity: 10 ** 16 }),
      buy({ quantity: 1.5 }),
      buy({ extra: 1 }),
      { symbol: 'AAPL', type: 'market', direction: 'buy' },
      buy({ type: 'limit', limitPrice: '1e5' }),
      buy({ direction: 'long' }),
    ];
    for (const body of bodies) {
      const response = await api(t.app).post('order/place', body, { headers: member.headers });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await api(t.app).post('order/cancel', { id: 2 ** 31 }, { headers: member.headers })).statusCode).toBe(422);
    expect((await api(t.app).get(`order/detail?id=${2 ** 31}`, { headers: member.headers })).statusCode).toBe(422);
    expect(
      (await api(t.app).post('order/close', { positionId: 1, quantity: 10 ** 16 }, { headers: member.headers }))
        .statusCode,
    ).toBe(422);
    expect((await api(t.app).get('order/holdings', { headers: {} })).statusCode).toBe(401);
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual(before);
    const rows = await t.app.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.userId, member.user.id)));
    expect(rows).toEqual([]);
  });

  it('previews every figure without placing anything', async () => {
    const response = await api(t.app).post('order/preview', buy({ stopLoss: '95', takeProfit: '110' }), {
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      price: '100.01',
      notional: '1000.1',
      fee: '1.5',
      total: '1001.6',
      fundsNeeded: '1001.6',
      available: '100000',
      availableAfter: '98998.4',
      sufficient: true,
      lossAtStopLoss: '-53.1',
      gainAtTakeProfit: '96.9',
      fillsNow: true,
      block: false,
      session: { market: 'US', state: 'open' },
    });
    expect(await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, member.user.id))).toEqual([]);
    const fees = (await api(t.app).get('trade/fee/schedule', { headers: member.headers })).json().data;
    expect(fees.list.map((row: { market: string }) => row.market)).toEqual(['EU', 'HK', 'JP', 'US']);
  });

  it('the platform accounts mirror what members hold', async () => {
    const before = await platformBalance(t.app, 'fees', 'USD');
    await place(t.app, member.headers, buy());
    const after = await platformBalance(t.app, 'fees', 'USD');
    expect(Number(after) - Number(before)).toBeCloseTo(1.5, 8);
  });
});

describe('suspended instruments', () => {
  it('refuse previews and orders while suspended, with nothing moved, and trade again once resumed', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    const listed = (await api(t.app).get('admin/instrument/list?q=AAPL', { headers: trader.headers })).json().data;
    const aapl = listed.list.find((item: { symbol: string }) => item.symbol === 'AAPL').id;
    const suspend = await api(t.app).post(
      'admin/instrument/suspend',
      { id: aapl, reason: 'News' },
      { headers: trader.headers },
    );
    expect(suspend.statusCode, suspend.body).toBe(200);
    try {
      const preview = await api(t.app).post('order/preview', buy(), { headers: member.headers });
      expect(preview.json().code).toBe('INSTRUMENT_SUSPENDED');
      const refused = await api(t.app).post('order/place', buy(), { headers: member.headers });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().code).toBe('INSTRUMENT_SUSPENDED');
      expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
      const orders = await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, member.user.id));
      expect(orders).toHaveLength(0);
    } finally {
      await api(t.app).post('admin/instrument/resume', { id: aapl }, { headers: trader.headers });
    }
    expect((await place(t.app, member.headers, buy())).status).toBe('filled');
  });
});

describe('a retried call with the same Idempotency-Key', () => {
  it('answers the first result again and moves nothing more: place, cancel and close', async () => {
    const headers = { ...member.headers, 'idempotency-key': 'place-1' };
    const first = await api(t.app).post('order/place', buy(), { headers });
    expect(first.statusCode).toBe(200);
    const again = await api(t.app).post('order/place', buy(), { headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({ available: '98998.4', frozen: '0' });

    const closing = { ...member.headers, 'idempotency-key': 'close-1' };
    const body = { positionId: first.json().data.positionId, quantity: 4 };
    const closed = await api(t.app).post('order/close', body, { headers: closing });
    expect(closed.statusCode).toBe(200);
    const closedAgain = await api(t.app).post('order/close', body, { headers: closing });
    expect(closedAgain.statusCode).toBe(200);
    expect(closedAgain.json()).toEqual(closed.json());
    const [position] = await t.app.db.select().from(tradePositions).where(eq(tradePositions.id, body.positionId));
    expect(position?.quantity).toBe(6);

    const limit = buy({ type: 'limit', limitPrice: '90.00' });
    const waiting = (await api(t.app).post('order/place', limit, { headers: member.headers })).json().data;
    const cancelling = { ...member.headers, 'idempotency-key': 'cancel-1' };
    const cancelled = await api(t.app).post('order/cancel', { id: waiting.id }, { headers: cancelling });
    expect(cancelled.statusCode).toBe(200);
    const cancelledAgain = await api(t.app).post('order/cancel', { id: waiting.id }, { headers: cancelling });
    expect(cancelledAgain.statusCode).toBe(200);
    expect(cancelledAgain.json()).toEqual(cancelled.json());
  });
});
