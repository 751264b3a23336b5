import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tradeCloses, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { balanceOf, createMember, expectLedgerVerified } from '../../test/wallet.ts';
import { createTradeApp, credit, place, tick } from './test-kit.ts';

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
