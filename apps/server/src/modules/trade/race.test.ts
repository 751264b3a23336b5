import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tradeCloses, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, place, tick } from '../../test/trade-kit.ts';
import { balanceOf, createMember, expectLedgerVerified } from '../../test/wallet.ts';

// Run on PostgreSQL with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test: the trigger,
// the member's close and the member's cancel then really run at once on separate connections.
let t: TestApp;

beforeAll(async () => {
  t = await createTradeApp();
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const rounds = 8;

describe('races on one row leave exactly one winner', () => {
  it('a trigger against a cancel of the same waiting order', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const member = await createMember(t.app);
      await credit(t.app, member.user.id, 'USD', '10000');
      await tick(t.app, 'AAPL', '100.00');
      const order = await place(t.app, member.headers, {
        symbol: 'AAPL',
        type: 'limit',
        direction: 'buy',
        quantity: 10,
        limitPrice: '99.50',
      });
      const [cancel] = await Promise.all([
        api(t.app).post('order/cancel', { id: order.id }, { headers: member.headers }),
        tick(t.app, 'AAPL', '99.00'),
      ]);
      const [row] = await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.id, order.id));
      const positions = await t.app.db.select().from(tradePositions).where(eq(tradePositions.userId, member.user.id));
      const balance = await balanceOf(t.app, member.headers, 'USD');
      expect(balance.frozen).toBe('0');
      if (cancel.statusCode === 200) {
        expect(row?.status).toBe('cancelled');
        expect(positions).toEqual([]);
        expect(balance.available).toBe('10000');
      } else {
        expect(cancel.json().code).toBe('TRADE_ORDER_NOT_PENDING');
        expect(row?.status).toBe('filled');
        expect(positions).toHaveLength(1);
      }
    }
  });

  it('a batch of fills against cancels of some of its orders', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const member = await createMember(t.app);
      await credit(t.app, member.user.id, 'USD', '10000');
      await tick(t.app, 'AAPL', '100.00');
      const orders = [];
      for (let i = 0; i < 4; i += 1) {
        orders.push(
          await place(t.app, member.headers, {
            symbol: 'AAPL',
            type: 'limit',
            direction: 'buy',
            quantity: 10,
            limitPrice: '99.50',
          }),
        );
      }
      const batchedBefore = t.app.trade.engine.stats.batched;
      const [first, second] = await Promise.all([
        api(t.app).post('order/cancel', { id: orders[0].id }, { headers: member.headers }),
        api(t.app).post('order/cancel', { id: orders[2].id }, { headers: member.headers }),
        tick(t.app, 'AAPL', '99.00'),
      ]);
      const cancels = new Map([
        [orders[0].id, first],
        [orders[2].id, second],
      ]);
      const rows = await t.app.db.select().from(tradeOrders).where(eq(tradeOrders.userId, member.user.id));
      const positions = await t.app.db.select().from(tradePositions).where(eq(tradePositions.userId, member.user.id));
      let spent = new Money(0);
      for (const row of rows) {
        const cancel = cancels.get(row.id);
        if (cancel?.statusCode === 200) {
          expect(row.status).toBe('cancelled');
          continue;
        }
        if (cancel) expect(cancel.json().code).toBe('TRADE_ORDER_NOT_PENDING');
        expect(row.status).toBe('filled');
        spent = spent.add(new Money(row.fillPrice ?? 0).mul(row.quantity)).add(row.fee ?? 0);
      }
      const filled = rows.filter((row) => row.status === 'filled');
      expect(positions.map((position) => position.orderId).sort()).toEqual(filled.map((row) => row.id).sort());
      // Two or more left to fill together went through the batch's statement.
      if (filled.length >= 2) expect(t.app.trade.engine.stats.batched - batchedBefore).toBe(filled.length);
      expect(await balanceOf(t.app, member.headers, 'USD')).toEqual({
        available: moneyString(new Money(10000).sub(spent)),
        frozen: '0',
      });
    }
  });

  it('a stop loss trigger against two closes of the whole position', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const member = await createMember(t.app);
      await credit(t.app, member.user.id, 'USD', '10000');
      await tick(t.app, 'AAPL', '100.00');
      const order = await place(t.app, member.headers, {
        symbol: 'AAPL',
        type: 'market',
        direction: 'buy',
        quantity: 10,
        stopLoss: '99',
      });
      const instrument = t.app.market.instrument('AAPL');
      const state = instrument && t.app.market.simulator.states.get(instrument.id);
      if (!state) throw new Error('no AAPL');
      state.price = 98.5;
      const answers = await Promise.all([
        api(t.app).post('order/close', { positionId: order.positionId }, { headers: member.headers }),
        (async () => {
          t.app.trade.engine.onPrice('AAPL', 98.5);
          await t.app.trade.engine.idle();
        })(),
        api(t.app).post('order/close', { positionId: order.positionId }, { headers: member.headers }),
      ]);
      const closes = await t.app.db.select().from(tradeCloses).where(eq(tradeCloses.positionId, order.positionId));
      expect(closes).toHaveLength(1);
      const okCloses = [answers[0], answers[2]].filter((answer) => answer?.statusCode === 200);
      expect(okCloses.length).toBeLessThanOrEqual(1);
      const [position] = await t.app.db.select().from(tradePositions).where(eq(tradePositions.id, order.positionId));
      expect(position).toMatchObject({ status: 'closed', quantity: 0 });
    }
  });
});
