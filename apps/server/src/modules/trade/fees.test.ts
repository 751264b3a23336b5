import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { call, createMember, createOperator, expectLedgerVerified } from '../../test/wallet.ts';
import { createTradeApp, credit, place, tick } from './test-kit.ts';

// docs/trading.md "Fees": US 0.05 % commission, minimum 1, platform fee 0.50 per order.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
});
afterAll(() => t.close());

const usBody = { market: 'US', rate: '0.0005', minimum: '2.25', platformFee: '0.5', vipDiscounts: [] };

async function usSchedule(headers: Record<string, string>) {
  const list = (await call(t.app, 'GET', 'admin/trade/fee/list', headers)).json().data;
  return list.find((row: { market: string }) => row.market === 'US');
}

describe('fee schedules in the back office', () => {
  it('trading changes the US minimum: audited before and after, and the next order pays it', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    const support = await createOperator(t.app, { role: 'support' });
    expect((await call(t.app, 'GET', 'admin/trade/fee/list', support.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', 'admin/trade/fee/update', support.headers, usBody)).statusCode).toBe(403);

    const before = await usSchedule(trader.headers);
    expect(before).toMatchObject({ currency: 'USD', rate: '0.0005', minimum: '1', platformFee: '0.5' });

    const updated = await call(t.app, 'POST', 'admin/trade/fee/update', trader.headers, usBody);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ market: 'US', minimum: '2.25' });
    expect(await usSchedule(trader.headers)).toMatchObject({ minimum: '2.25', rate: '0.0005' });

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.fee.update'), eq(auditLog.entityId, 'US')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      operatorId: trader.operator.id,
      entity: 'trade_fee_schedule',
      before: expect.objectContaining({ minimum: '1' }),
      after: expect.objectContaining({ minimum: '2.25' }),
    });

    // 10 x 100.01 x 0.05 % = 0.50 is below the new minimum: commission 2.25, plus 0.50.
    const member = await createMember(t.app);
    await credit(t.app, member.user.id, 'USD', '10000');
    await tick(t.app, 'AAPL', '100.00');
    const order = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'buy',
      quantity: 10,
    });
    expect(order).toMatchObject({ fee: '2.75' });
    await expectLedgerVerified(t.app);

    await call(t.app, 'POST', 'admin/trade/fee/update', trader.headers, { ...usBody, minimum: '1' });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    const before = await usSchedule(trader.headers);
    const auditsBefore = (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'trade.fee.update'))).length;
    const bad: [object, number, string?][] = [
      [{ ...usBody, market: 'U\u0000S' }, 422],
      [{ ...usBody, market: 'ZZ' }, 404, 'TRADE_FEE_SCHEDULE_NOT_FOUND'],
      [{ ...usBody, rate: '1.5' }, 422],
      [{ ...usBody, minimum: '10000000000000000' }, 422],
      [{ ...usBody, platformFee: '-1' }, 422],
      [{ ...usBody, vipDiscounts: [{ level: 2 ** 31, discount: '0.1' }] }, 422],
      [{ ...usBody, extra: true }, 422],
      [{ market: 'US', rate: '0.0005', minimum: '2' }, 422],
    ];
    for (const [body, status, code] of bad) {
      const response = await call(t.app, 'POST', 'admin/trade/fee/update', trader.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (code) expect(response.json().code).toBe(code);
    }
    expect(await usSchedule(trader.headers)).toEqual(before);
    const auditsAfter = (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'trade.fee.update'))).length;
    expect(auditsAfter).toBe(auditsBefore);
  });
});
