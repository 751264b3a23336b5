import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createTradeApp, credit, place, tick } from '../../test/trade-kit.ts';
import { createMember, createOperator, expectLedgerVerified } from '../../test/wallet.ts';

// docs/trading.md "Fees": US 0.05 % commission, minimum 1, platform fee 0.50 per order.
const now = Date.parse('2026-11-17T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTradeApp({ clock: () => now });
});
afterAll(() => t.close());

const usBody = { market: 'US', rate: '0.0005', minimum: '2.25', platformFee: '0.5', vipDiscounts: [] };

async function usSchedule(headers: Record<string, string>) {
  const list = (await api(t.app).get('admin/trade/fee/list', { headers: headers })).json().data;
  return list.find((row: { market: string }) => row.market === 'US');
}

describe('fee schedules in the back office', () => {
  it('trading changes the US minimum: audited before and after, and the next order pays it', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    const support = await createOperator(t.app, { role: 'support' });
    expect((await api(t.app).get('admin/trade/fee/list', { headers: support.headers })).statusCode).toBe(403);
    expect((await api(t.app).post('admin/trade/fee/update', usBody, { headers: support.headers })).statusCode).toBe(
      403,
    );

    const before = await usSchedule(trader.headers);
    expect(before).toMatchObject({ currency: 'USD', rate: '0.0005', minimum: '1', platformFee: '0.5' });

    const updated = await api(t.app).post('admin/trade/fee/update', usBody, { headers: trader.headers });
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

    await api(t.app).post('admin/trade/fee/update', { ...usBody, minimum: '1' }, { headers: trader.headers });
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
      const response = await api(t.app).post('admin/trade/fee/update', body, { headers: trader.headers });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (code) expect(response.json().code).toBe(code);
    }
    expect(await usSchedule(trader.headers)).toEqual(before);
    const auditsAfter = (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'trade.fee.update'))).length;
    expect(auditsAfter).toBe(auditsBefore);
  });
});

describe('the stop-out ratio', () => {
  it('is listed and edited with the fees; an open short is stopped out at the new ratio', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    expect(await usSchedule(trader.headers)).toMatchObject({ stopOutRatio: '0.9' });
    const member = await createMember(t.app);
    await credit(t.app, member.user.id, 'USD', '10000');
    await tick(t.app, 'AAPL', '100.00');
    // A short of 10 opened at the bid 99.99: at 0.9 it is stopped out at a last of 189.98.
    const short = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'market',
      direction: 'sell',
      quantity: 10,
    });
    const holding = async () =>
      (await api(t.app).get('order/holdings', { headers: member.headers }))
        .json()
        .data.list.find((row: { id: number }) => row.id === short.positionId);
    expect(await holding()).toMatchObject({ stopOutPrice: '189.98' });

    const updated = await api(t.app).post(
      'admin/trade/fee/update',
      {
        ...usBody,
        minimum: '1',
        stopOutRatio: '0.5',
      },
      { headers: trader.headers },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ stopOutRatio: '0.5' });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.fee.update'), eq(auditLog.entityId, 'US')));
    expect(audit.at(-1)).toMatchObject({
      before: expect.objectContaining({ stopOutRatio: '0.9' }),
      after: expect.objectContaining({ stopOutRatio: '0.5' }),
    });
    // 99.99 x 1.5 = 149.985, on the tick grid 149.99.
    expect(await holding()).toMatchObject({ stopOutPrice: '149.99' });
    await tick(t.app, 'AAPL', '150.00');
    expect(await holding()).toBeUndefined();

    for (const ratio of ['0', '1.5', '-0.5', '0.12345']) {
      const bad = await api(t.app).post(
        'admin/trade/fee/update',
        {
          ...usBody,
          stopOutRatio: ratio,
        },
        { headers: trader.headers },
      );
      expect(bad.statusCode, ratio).toBe(422);
    }
    await api(t.app).post(
      'admin/trade/fee/update',
      {
        ...usBody,
        minimum: '1',
        stopOutRatio: '0.9',
      },
      { headers: trader.headers },
    );
    expect(await usSchedule(trader.headers)).toMatchObject({ stopOutRatio: '0.9' });
    await expectLedgerVerified(t.app);
  });
});

describe('fee schedules served from memory', () => {
  it('a waiting order fills at the new fees after an edit (the schedule reloads inside the fill)', async () => {
    const trader = await createOperator(t.app, { role: 'trading' });
    const member = await createMember(t.app);
    await credit(t.app, member.user.id, 'USD', '10000');
    await tick(t.app, 'AAPL', '100.00');
    const limit = await place(t.app, member.headers, {
      symbol: 'AAPL',
      type: 'limit',
      direction: 'buy',
      quantity: 10,
      limitPrice: '99.50',
    });
    const updated = await api(t.app).post('admin/trade/fee/update', usBody, { headers: trader.headers });
    expect(updated.statusCode, updated.body).toBe(200);
    await tick(t.app, 'AAPL', '99.49'); // the ask 99.50 reaches the limit
    const response = await api(t.app).get(`order/detail?id=${limit.id}`, { headers: member.headers });
    expect(response.json().data).toMatchObject({ status: 'filled', fillPrice: '99.5', fee: '2.75' });
    await api(t.app).post('admin/trade/fee/update', { ...usBody, minimum: '1' }, { headers: trader.headers });
    await expectLedgerVerified(t.app);
  });
});
