import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, detail, place, tick } from '../../test/trade-kit.ts';
import { balanceOf, createMember, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

// Saturday 2026-11-21 15:00 UTC: New York is closed until Monday 14:30 UTC.
let now = Date.parse('2026-11-21T15:00:00Z');
let t: TestApp;
let member: { headers: Headers; user: { id: number } };

beforeAll(async () => {
  t = await createTradeApp({ alwaysOpen: false, clock: () => now });
  member = await createMember(t.app);
  await credit(t.app, member.user.id, 'USD', '100000');
  await tick(t.app, 'AAPL', '100.00');
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('orders outside the session', () => {
  it('a market order waits for the session and fills at its first price', async () => {
    const preview = await api(t.app).post(
      'order/preview',
      {
        symbol: 'AAPL',
        type: 'market',
        direction: 'buy',
        quantity: 10,
      },
      { headers: member.headers },
    );
    expect(preview.json().data).toMatchObject({
      fillsNow: false,
      waitingFor: 'session',
      session: { state: 'closed', nextOpen: '2026-11-23T14:30:00.000Z' },
    });
    const order = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'buy',
      quantity: 10,
    });
    // Frozen with a 5 % margin: 10 x 100.01 x 1.05 = 1050.11 (rounded up), plus the fee 1.5.
    expect(order).toMatchObject({ status: 'pending', waitingFor: 'session', frozen: '1051.61' });
    now = Date.parse('2026-11-23T14:30:01Z');
    await tick(t.app, 'AAPL', '103.00'); // the session's first trade
    expect(await detail(t.app, member.headers, order.id)).toMatchObject({
      status: 'filled',
      fillPrice: '103.01',
      fillReason: {
        key: 'sessionOpen',
        text: "Placed outside the session: filled at the session's first price 103.01 (ask)",
      },
    });
    expect(await balanceOf(t.app, member.headers, 'USD')).toMatchObject({ frozen: '0', available: '98968.4' });
  });

  it('a day order expires at the close of its trading day', async () => {
    now = Date.parse('2026-11-23T15:00:00Z');
    const order = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'limit',
      direction: 'buy',
      quantity: 10,
      limitPrice: '90',
      timeInForce: 'day',
    });
    expect(order.expiresAt).toBe('2026-11-23T21:00:00.000Z');
    await t.app.jobs.runDue(new Date(Date.parse('2026-11-23T20:59:00Z')));
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending');
    await t.app.jobs.runDue(new Date(Date.parse('2026-11-23T21:00:30Z')));
    expect((await detail(t.app, member.headers, order.id)).status).toBe('expired');
  });
});
