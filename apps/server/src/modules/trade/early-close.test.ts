import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, detail, place, tick } from '../../test/trade-kit.ts';
import { createMember, expectLedgerVerified, type Headers } from '../../test/wallet.ts';

// The day after Thanksgiving 2026: New York trades 09:30 to 13:00 (14:30 to 18:00 UTC).
let now = Date.parse('2026-11-27T15:00:00Z');
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

const dayOrder = {
  symbol: 'AAPL',
  type: 'limit',
  direction: 'buy',
  quantity: 10,
  limitPrice: '90',
  timeInForce: 'day',
};

describe('day orders on an early-close day', () => {
  it('expire at the early close, not at the regular one', async () => {
    const preview = await api(t.app).post('order/preview', dayOrder, { headers: member.headers });
    expect(preview.json().data).toMatchObject({
      expiresAt: '2026-11-27T18:00:00.000Z',
      session: { state: 'open', nextClose: '2026-11-27T18:00:00.000Z' },
    });
    const order = await place(t.app, member.headers, dayOrder);
    expect(order.expiresAt).toBe('2026-11-27T18:00:00.000Z');
    await t.app.jobs.runDue(new Date(Date.parse('2026-11-27T17:59:00Z')));
    expect((await detail(t.app, member.headers, order.id)).status).toBe('pending');
    await t.app.jobs.runDue(new Date(Date.parse('2026-11-27T18:00:30Z')));
    expect((await detail(t.app, member.headers, order.id)).status).toBe('expired');
  });

  it('placed after the early close, one lasts to the next trading day’s close', async () => {
    now = Date.parse('2026-11-27T19:00:00Z'); // 14:00 in New York: closed for the day
    const order = await place(t.app, member.headers, dayOrder);
    expect(order.expiresAt).toBe('2026-11-30T21:00:00.000Z');
  });
});
