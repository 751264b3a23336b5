import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { api } from '../../test/http.ts';
import { platformBalance } from '../../test/products.ts';
import { buy, detail, place, tradeSuite } from '../../test/trade-kit.ts';
import { balanceOf, createMember, createOperator } from '../../test/wallet.ts';

// AAPL: US market, lot 1, one tick of spread: at a last of 100.00 the bid is 99.99, the ask 100.01.
// US fees: 0.05 % commission, minimum 1, platform fee 0.50 per order.
const suite = tradeSuite();

describe('guards', () => {
  it("another member's order or position is not found, and nothing changes", async () => {
    const order = await place(suite.t.app, suite.member.headers, buy({ type: 'limit', limitPrice: '90' }));
    const filled = await place(suite.t.app, suite.member.headers, buy());
    const other = await createMember(suite.t.app);
    const tries = [
      await api(suite.t.app).post('order/cancel', { id: order.id }, { headers: other.headers }),
      await api(suite.t.app).post('order/update', { orderId: order.id, limitPrice: '91' }, { headers: other.headers }),
      await api(suite.t.app).post(
        'order/update',
        { positionId: filled.positionId, stopLoss: '50' },
        { headers: other.headers },
      ),
      await api(suite.t.app).post('order/close', { positionId: filled.positionId }, { headers: other.headers }),
      await api(suite.t.app).get(`order/detail?id=${order.id}`, { headers: other.headers }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await detail(suite.t.app, suite.member.headers, order.id)).status).toBe('pending');
    const [position] = await suite.t.app.db
      .select()
      .from(tradePositions)
      .where(eq(tradePositions.id, filled.positionId));
    expect(position).toMatchObject({ status: 'open', stopLoss: null });
  });

  it('refuses bad input with a 4xx and moves nothing', async () => {
    const before = await balanceOf(suite.t.app, suite.member.headers, 'USD');
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
      const response = await api(suite.t.app).post('order/place', body, { headers: suite.member.headers });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(
      (await api(suite.t.app).post('order/cancel', { id: 2 ** 31 }, { headers: suite.member.headers })).statusCode,
    ).toBe(422);
    expect(
      (await api(suite.t.app).get(`order/detail?id=${2 ** 31}`, { headers: suite.member.headers })).statusCode,
    ).toBe(422);
    expect(
      (
        await api(suite.t.app).post(
          'order/close',
          { positionId: 1, quantity: 10 ** 16 },
          { headers: suite.member.headers },
        )
      ).statusCode,
    ).toBe(422);
    expect((await api(suite.t.app).get('order/holdings', { headers: {} })).statusCode).toBe(401);
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual(before);
    const rows = await suite.t.app.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.userId, suite.member.user.id)));
    expect(rows).toEqual([]);
  });

  it('previews every figure without placing anything', async () => {
    const response = await api(suite.t.app).post('order/preview', buy({ stopLoss: '95', takeProfit: '110' }), {
      headers: suite.member.headers,
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
    expect(await suite.t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, suite.member.user.id))).toEqual(
      [],
    );
    const fees = (await api(suite.t.app).get('trade/fee/schedule', { headers: suite.member.headers })).json().data;
    expect(fees.list.map((row: { market: string }) => row.market)).toEqual(['EU', 'HK', 'JP', 'US']);
  });

  it('the platform accounts mirror what members hold', async () => {
    const before = await platformBalance(suite.t.app, 'fees', 'USD');
    await place(suite.t.app, suite.member.headers, buy());
    const after = await platformBalance(suite.t.app, 'fees', 'USD');
    expect(Number(after) - Number(before)).toBeCloseTo(1.5, 8);
  });
});

describe('suspended instruments', () => {
  it('refuse previews and orders while suspended, with nothing moved, and trade again once resumed', async () => {
    const trader = await createOperator(suite.t.app, { role: 'trading' });
    const listed = (await api(suite.t.app).get('admin/instrument/list?q=AAPL', { headers: trader.headers })).json()
      .data;
    const aapl = listed.list.find((item: { symbol: string }) => item.symbol === 'AAPL').id;
    const suspend = await api(suite.t.app).post(
      'admin/instrument/suspend',
      { id: aapl, reason: 'News' },
      { headers: trader.headers },
    );
    expect(suspend.statusCode, suspend.body).toBe(200);
    try {
      const preview = await api(suite.t.app).post('order/preview', buy(), { headers: suite.member.headers });
      expect(preview.json().code).toBe('INSTRUMENT_SUSPENDED');
      const refused = await api(suite.t.app).post('order/place', buy(), { headers: suite.member.headers });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().code).toBe('INSTRUMENT_SUSPENDED');
      expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '100000', frozen: '0' });
      const orders = await suite.t.app.db
        .select()
        .from(tradeOrders)
        .where(eq(tradeOrders.userId, suite.member.user.id));
      expect(orders).toHaveLength(0);
    } finally {
      await api(suite.t.app).post('admin/instrument/resume', { id: aapl }, { headers: trader.headers });
    }
    expect((await place(suite.t.app, suite.member.headers, buy())).status).toBe('filled');
  });
});

describe('a retried call with the same Idempotency-Key', () => {
  it('answers the first result again and moves nothing more: place, cancel and close', async () => {
    const headers = { ...suite.member.headers, 'idempotency-key': 'place-1' };
    const first = await api(suite.t.app).post('order/place', buy(), { headers });
    expect(first.statusCode).toBe(200);
    const again = await api(suite.t.app).post('order/place', buy(), { headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(suite.t.app, suite.member.headers, 'USD')).toEqual({ available: '98998.4', frozen: '0' });

    const closing = { ...suite.member.headers, 'idempotency-key': 'close-1' };
    const body = { positionId: first.json().data.positionId, quantity: 4 };
    const closed = await api(suite.t.app).post('order/close', body, { headers: closing });
    expect(closed.statusCode).toBe(200);
    const closedAgain = await api(suite.t.app).post('order/close', body, { headers: closing });
    expect(closedAgain.statusCode).toBe(200);
    expect(closedAgain.json()).toEqual(closed.json());
    const [position] = await suite.t.app.db.select().from(tradePositions).where(eq(tradePositions.id, body.positionId));
    expect(position?.quantity).toBe(6);

    const limit = buy({ type: 'limit', limitPrice: '90.00' });
    const waiting = (await api(suite.t.app).post('order/place', limit, { headers: suite.member.headers })).json().data;
    const cancelling = { ...suite.member.headers, 'idempotency-key': 'cancel-1' };
    const cancelled = await api(suite.t.app).post('order/cancel', { id: waiting.id }, { headers: cancelling });
    expect(cancelled.statusCode).toBe(200);
    const cancelledAgain = await api(suite.t.app).post('order/cancel', { id: waiting.id }, { headers: cancelling });
    expect(cancelledAgain.statusCode).toBe(200);
    expect(cancelledAgain.json()).toEqual(cancelled.json());
  });
});
