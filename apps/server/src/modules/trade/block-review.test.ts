import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPayPassword } from '../../core/pay-password.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, detail, place, tick } from '../../test/trade-kit.ts';
import {
  balanceOf,
  createMember,
  createOperator,
  expectLedgerVerified,
  type Headers,
  payPassword,
} from '../../test/wallet.ts';

// AAPL at a last of 100.00: bid 99.99, ask 100.01 (docs/trading.md, Block orders).
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;
let member: { headers: Headers; user: { id: number } };
let trader: { headers: Headers };

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
  trader = await createOperator(t.app, { role: 'trading' });
});
beforeEach(async () => {
  member = await createMember(t.app);
  await credit(t.app, member.user.id, 'USD', '3000000');
  await setPayPassword(t.app.db, member.user.id, payPassword);
  await tick(t.app, 'AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

const blockLimit = (direction: 'buy' | 'sell', limitPrice: string) => ({
  symbol: 'AAPL',
  type: 'limit',
  direction,
  quantity: 10_000,
  limitPrice,
  payPassword,
});

describe('a block limit order at its review', () => {
  it('is not passed while the market is beyond its limit, and nothing moves', async () => {
    const order = await place(t.app, member.headers, blockLimit('buy', '100.00'));
    const before = await balanceOf(t.app, member.headers, 'USD');
    const passed = await api(t.app).post(
      'admin/order/review',
      { id: order.id, status: 1 },
      { headers: trader.headers },
    );
    expect(passed.statusCode).toBe(409);
    expect(passed.json()).toMatchObject({
      code: 'TRADE_LIMIT_NOT_REACHED',
      message: "The market (100.01) is beyond the order's limit of 100.00: it cannot be passed now",
    });
    const inGerman = await api(t.app).post(
      'admin/order/review',
      {
        id: order.id,
        status: 1,
      },
      { headers: { ...trader.headers, 'x-soar-lang': 'de' } },
    );
    expect(inGerman.json().message).toBe(
      'Der Markt (100.01) liegt jenseits des Limits von 100.00: der Auftrag kann jetzt nicht freigegeben werden',
    );
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({ status: 'pending', waitingFor: 'review' });
    expect(await balanceOf(t.app, member.headers, 'USD')).toEqual(before);
  });

  it('fills at the review price when that is better than its limit', async () => {
    const buy = await place(t.app, member.headers, blockLimit('buy', '100.00'));
    const sell = await place(t.app, member.headers, blockLimit('sell', '99.00'));
    await tick(t.app, 'AAPL', '99.50');
    const bought = await api(t.app).post('admin/order/review', { id: buy.id, status: 1 }, { headers: trader.headers });
    expect(bought.json().data).toMatchObject({
      status: 'filled',
      fillPrice: '99.51',
      fillReason: { key: 'blockPassed' },
    });
    // The bid of 99.49 is above the sell's limit of 99.00: a better price for the seller.
    const sold = await api(t.app).post('admin/order/review', { id: sell.id, status: 1 }, { headers: trader.headers });
    expect(sold.json().data).toMatchObject({ status: 'filled', fillPrice: '99.49' });
  });

  it('a block sell limit above the bid is not passed', async () => {
    const sell = await place(t.app, member.headers, blockLimit('sell', '100.50'));
    const passed = await api(t.app).post('admin/order/review', { id: sell.id, status: 1 }, { headers: trader.headers });
    expect(passed.json().code).toBe('TRADE_LIMIT_NOT_REACHED');
    expect((await detail(t.app, member.headers, sell.id)).status).toBe('pending');
  });
});

describe('order statuses', () => {
  it('an order fills whole: the list refuses a partly filled status no order can reach', async () => {
    const response = await api(t.app).get('admin/order/list?status=partially_filled', { headers: trader.headers });
    expect(response.statusCode).toBe(422);
    const filled = await api(t.app).get('admin/order/list?status=filled', { headers: trader.headers });
    expect(filled.statusCode).toBe(200);
  });
});
