import { orderReviewStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import { auditLog, notices } from '../../db/schema/index.ts';
import { api } from '../../test/http.ts';
import { buy, credit, detail, now, place, tick, tradeSuite } from '../../test/trade-kit.ts';
import { balanceOf, createOperator, payPassword } from '../../test/wallet.ts';

// AAPL: US market, lot 1, one tick of spread: at a last of 100.00 the bid is 99.99, the ask 100.01.
// US fees: 0.05 % commission, minimum 1, platform fee 0.50 per order.
const suite = tradeSuite();

describe('positions', () => {
  it('stop loss and take profit are one-cancels-other: the take profit closes and clears the stop loss', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ stopLoss: '95', takeProfit: '110' }));
    await tick(suite.t.app, 'AAPL', '110.00'); // bid 109.99: not yet
    await tick(suite.t.app, 'AAPL', '110.01'); // bid 110.00
    const done = await detail(suite.t.app, suite.member.headers, order.id);
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
    await tick(suite.t.app, 'AAPL', '90.00');
    const after = await detail(suite.t.app, suite.member.headers, order.id);
    expect(after.closes).toHaveLength(1);
  });

  it('a stop loss skipped by a gap closes at the first price after it', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ stopLoss: '95' }));
    await tick(suite.t.app, 'AAPL', '93.00');
    const done = await detail(suite.t.app, suite.member.headers, order.id);
    expect(done.closes[0]).toMatchObject({ closePrice: '92.99', fillReason: { key: 'closeStopLossGap' } });
  });

  it('closes in parts with realised P/L, then the rest; the closed tab lists each close', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy());
    await tick(suite.t.app, 'AAPL', '105.00'); // bid 104.99
    const part = await api(suite.t.app).post(
      'order/close',
      {
        positionId: order.positionId,
        quantity: 4,
      },
      { headers: suite.member.headers },
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
    const tooMany = await api(suite.t.app).post(
      'order/close',
      {
        positionId: order.positionId,
        quantity: 7,
      },
      { headers: suite.member.headers },
    );
    expect(tooMany.json().code).toBe('TRADE_CLOSE_QUANTITY');
    const rest = await api(suite.t.app).post(
      'order/close',
      { positionId: order.positionId },
      { headers: suite.member.headers },
    );
    expect(rest.json().data.position).toMatchObject({ quantity: 0, status: 'closed', realisedPnl: '46.8' });
    const again = await api(suite.t.app).post(
      'order/close',
      { positionId: order.positionId },
      { headers: suite.member.headers },
    );
    expect(again.statusCode).toBe(409);
    const closed = (await api(suite.t.app).get('order/closed', { headers: suite.member.headers })).json().data;
    expect(closed.total).toBe(2);
    expect(closed.list.map((close: { quantity: number }) => close.quantity)).toEqual([6, 4]);
    // Every cent is accounted for: start 100000, open 1001.6, back 418.46 + 628.44.
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '100045.3', frozen: '0' });
  });

  it('a short is stopped out when its loss reaches 90 % of its collateral', async () => {
    const order = await place(suite.t.app, suite.member.headers, { ...buy(), direction: 'sell' }); // at 99.99
    const holding = (await api(suite.t.app).get('order/holdings', { headers: suite.member.headers })).json().data
      .list[0];
    expect(holding.stopOutPrice).toBe('189.98');
    await tick(suite.t.app, 'AAPL', '189.00');
    expect((await detail(suite.t.app, suite.member.headers, order.id)).position.status).toBe('open');
    await tick(suite.t.app, 'AAPL', '190.00');
    const done = await detail(suite.t.app, suite.member.headers, order.id);
    expect(done.position).toMatchObject({ status: 'closed', closeReason: 'stopOut' });
    expect(done.closes[0]).toMatchObject({ closePrice: '190.01', fillReason: { key: 'closeStopOut' } });
  });

  it('amends stop loss and take profit of a position and the book follows', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy());
    const updated = await api(suite.t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        stopLoss: '98',
      },
      { headers: suite.member.headers },
    );
    expect(updated.json().data.position).toMatchObject({ stopLoss: '98' });
    const wrong = await api(suite.t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        takeProfit: '50',
      },
      { headers: suite.member.headers },
    );
    expect(wrong.json().code).toBe('TRADE_TAKE_PROFIT_SIDE');
    const moved = await api(suite.t.app).post(
      'order/update',
      {
        positionId: order.positionId,
        stopLoss: '97',
      },
      { headers: suite.member.headers },
    );
    expect(moved.statusCode).toBe(200);
    await tick(suite.t.app, 'AAPL', '97.50'); // the old 98 would have fired
    expect((await detail(suite.t.app, suite.member.headers, order.id)).position.status).toBe('open');
    await tick(suite.t.app, 'AAPL', '97.00');
    expect((await detail(suite.t.app, suite.member.headers, order.id)).position).toMatchObject({
      status: 'closed',
      closeReason: 'stopLoss',
    });
  });
});

describe('waiting orders', () => {
  it('amends and cancels a waiting limit: the frozen amount follows and returns', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ type: 'limit', limitPrice: '90' }));
    expect(order.frozen).toBe('901.5');
    const amended = await api(suite.t.app).post(
      'order/update',
      { orderId: order.id, limitPrice: '95' },
      { headers: suite.member.headers },
    );
    expect(amended.json().data.order).toMatchObject({ limitPrice: '95', frozen: '951.5' });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({
      available: '99048.5',
      frozen: '951.5',
    });
    const pending = (await api(suite.t.app).get('order/pending', { headers: suite.member.headers })).json().data;
    expect(pending.list.map((item: { id: number }) => item.id)).toEqual([order.id]);
    const cancelled = await api(suite.t.app).post('order/cancel', { id: order.id }, { headers: suite.member.headers });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', frozen: '0' });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
    const twice = await api(suite.t.app).post('order/cancel', { id: order.id }, { headers: suite.member.headers });
    expect(twice.json().code).toBe('TRADE_ORDER_NOT_PENDING');
    await tick(suite.t.app, 'AAPL', '80.00');
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('cancelled');
  });

  it('a day order expires at its close (the job), its funds return and the member is told', async () => {
    const order = await place(
      suite.t.app,
      suite.member.headers,
      buy({ type: 'limit', limitPrice: '90', timeInForce: 'day' }),
    );
    expect(order.expiresAt).toBe('2026-11-18T00:00:00.000Z'); // markets around the clock: UTC midnight
    await suite.t.app.jobs.runDue(new Date(now));
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('pending');
    const later = Date.parse('2026-11-18T00:01:00Z');
    await suite.t.app.jobs.runDue(new Date(later));
    expect(await detail(suite.t.app, suite.member.headers, order.id)).toMatchObject({ status: 'expired', frozen: '0' });
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
    const kinds = (await suite.t.app.db.select().from(notices).where(eq(notices.userId, suite.member.user.id))).map(
      (n) => n.kind,
    );
    expect(kinds).toContain('orderExpired');
  });

  it('a restart rebuilds the book from the database and the waiting order still fires', async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ type: 'limit', limitPrice: '99' }));
    const position = await place(suite.t.app, suite.member.headers, buy({ stopLoss: '98.5' }));
    suite.t.app.trade.engine.book.clear();
    await tick(suite.t.app, 'AAPL', '98.00');
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('pending'); // nothing in memory
    await tick(suite.t.app, 'AAPL', '100.00');
    await suite.t.app.trade.engine.rebuild();
    expect(suite.t.app.trade.engine.book.of('AAPL').has(`order:${order.id}`)).toBe(true);
    await tick(suite.t.app, 'AAPL', '98.00');
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('filled');
    expect((await detail(suite.t.app, suite.member.headers, position.id)).position.status).toBe('closed');
  });
});

describe('block orders', () => {
  it('wait for review with funds frozen; a pass opens the position, a refusal returns the funds; both audited', async () => {
    await credit(suite.t.app, suite.member.user.id, 'USD', '3000000');
    await setPayPassword(suite.t.app.db, suite.member.user.id, payPassword);
    const noPassword = await api(suite.t.app).post('order/place', buy({ quantity: 10_000 }), {
      headers: suite.member.headers,
    });
    expect(noPassword.statusCode).toBe(400);
    const block = await place(suite.t.app, suite.member.headers, buy({ quantity: 10_000, payPassword }));
    expect(block).toMatchObject({ status: 'pending', waitingFor: 'review', block: true });
    const second = await place(suite.t.app, suite.member.headers, buy({ quantity: 10_000, payPassword }));
    await tick(suite.t.app, 'AAPL', '100.00');
    expect((await detail(suite.t.app, suite.member.headers, block.id)).status).toBe('pending'); // no fill without review
    const trader = await createOperator(suite.t.app, { role: 'trading' });
    const support = await createOperator(suite.t.app, { role: 'support' });
    expect((await api(suite.t.app).get('admin/order/list', { headers: support.headers })).statusCode).toBe(403);
    const queue = (await api(suite.t.app).get('admin/order/list', { headers: trader.headers })).json().data;
    expect(queue.list.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([block.id, second.id]));
    const noReason = await api(suite.t.app).post(
      'admin/order/review',
      { id: second.id, status: orderReviewStatuses.refuse },
      { headers: trader.headers },
    );
    expect(noReason.json().code).toBe('TRADE_REFUSE_REASON_REQUIRED');
    const passed = await api(suite.t.app).post(
      'admin/order/review',
      { id: block.id, status: orderReviewStatuses.pass },
      { headers: trader.headers },
    );
    expect(passed.json().data).toMatchObject({
      status: 'filled',
      fillPrice: '100.01',
      fillReason: { key: 'blockPassed' },
    });
    const refused = await api(suite.t.app).post(
      'admin/order/review',
      {
        id: second.id,
        status: orderReviewStatuses.refuse,
        reason: 'Over the daily block limit',
      },
      { headers: trader.headers },
    );
    expect(refused.json().data).toMatchObject({ status: 'refused', refuseReason: 'Over the daily block limit' });
    const again = await api(suite.t.app).post(
      'admin/order/review',
      { id: second.id, status: orderReviewStatuses.pass },
      { headers: trader.headers },
    );
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    const audits = await suite.t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'order'));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['order.pass', 'order.refuse']));
    const balance = await balanceOf(suite.t.app, suite.member.headers, 'USD');
    expect(balance.frozen).toBe('0');
  });
});
