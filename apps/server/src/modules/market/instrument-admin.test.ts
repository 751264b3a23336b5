import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, instruments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { createMember, createOperator, type Headers } from '../../test/wallet.ts';
import { assertTradable } from './admin.ts';

let t: TestApp;
let trading: { headers: Headers; operator: { id: number } };
let finance: { headers: Headers };
let aapl: number;

beforeAll(async () => {
  t = await createTestApp({}, { market: { clock: () => Date.parse('2026-11-20T15:00:00Z') } });
  trading = await createOperator(t.app, { role: 'trading' });
  finance = await createOperator(t.app, { role: 'finance' });
  const [row] = await t.app.db.select().from(instruments).where(eq(instruments.symbol, 'AAPL'));
  aapl = row?.id ?? 0;
});
afterAll(() => t.close());

const audits = (id: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'instrument'), eq(auditLog.entityId, String(id))));

describe('the instrument list', () => {
  it('lists instruments with their last price, filtered by text, market, kind and suspension', async () => {
    const all = await api(t.app).get('admin/instrument/list?pageSize=5', { headers: trading.headers });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.total).toBeGreaterThan(20);
    const found = await api(t.app).get('admin/instrument/list?q=aapl', { headers: trading.headers });
    const [first] = found.json().data.list;
    expect(first).toMatchObject({
      id: aapl,
      symbol: 'AAPL',
      kind: 'stock',
      market: 'US',
      currency: 'USD',
      suspended: false,
      suspendedAt: null,
      suspendReason: null,
    });
    expect(Number(first.price)).toBeGreaterThan(0);
    const hk = await api(t.app).get('admin/instrument/list?market=HK&pageSize=100', { headers: trading.headers });
    expect(hk.json().data.list.length).toBeGreaterThan(0);
    expect(hk.json().data.list.every((item: { market: string }) => item.market === 'HK')).toBe(true);
    const unknown = await api(t.app).get('admin/instrument/list?market=XX', { headers: trading.headers, lang: 'fr' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 'MARKET_NOT_FOUND',
      message: 'Marché inconnu : XX. Les marchés sont EU, HK, JP, US',
    });
    const indices = await api(t.app).get('admin/instrument/list?kind=index&pageSize=100', { headers: trading.headers });
    expect(indices.json().data.list.every((item: { kind: string; market: null }) => item.kind === 'index')).toBe(true);
    expect(indices.json().data.list[0].market).toBeNull();
    // `%` is a character to find, not a wildcard.
    const percent = await api(t.app).get('admin/instrument/list?q=%25', { headers: trading.headers });
    expect(percent.json().data.total).toBe(0);
  });

  it('is for trading and admin only', async () => {
    expect((await api(t.app).get('admin/instrument/list', { headers: finance.headers })).statusCode).toBe(403);
    const member = await createMember(t.app);
    expect((await api(t.app).get('admin/instrument/list', { headers: member.headers })).statusCode).toBe(401);
    expect(
      (await api(t.app).post('admin/instrument/suspend', { id: aapl, reason: 'x' }, { headers: finance.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('suspending and resuming trading', () => {
  it('suspends with a reason, refuses orders, resumes, and audits each change once', async () => {
    const suspended = await api(t.app).post(
      'admin/instrument/suspend',
      {
        id: aapl,
        reason: 'Pending news',
      },
      { headers: trading.headers },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({ symbol: 'AAPL', suspended: true, suspendReason: 'Pending news' });
    await expect(assertTradable(t.app.db, 'AAPL')).rejects.toMatchObject({ code: 'INSTRUMENT_SUSPENDED' });
    await expect(assertTradable(t.app.db, 'MSFT')).resolves.toBeUndefined();
    const listed = await api(t.app).get('admin/instrument/list?suspended=true', { headers: trading.headers });
    expect(listed.json().data.list.map((item: { symbol: string }) => item.symbol)).toEqual(['AAPL']);

    // Again: nothing changes, nothing more is audited.
    const again = await api(t.app).post(
      'admin/instrument/suspend',
      { id: aapl, reason: 'Other' },
      { headers: trading.headers },
    );
    expect(again.json().data.suspendReason).toBe('Pending news');
    expect(await audits(aapl)).toHaveLength(1);

    const resumed = await api(t.app).post('admin/instrument/resume', { id: aapl }, { headers: trading.headers });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ suspended: false, suspendedAt: null, suspendReason: null });
    await expect(assertTradable(t.app.db, 'AAPL')).resolves.toBeUndefined();
    const records = await audits(aapl);
    expect(records.map((record) => record.action)).toEqual(['instrument.suspend', 'instrument.resume']);
    expect(records[0]).toMatchObject({
      operatorId: trading.operator.id,
      before: { symbol: 'AAPL', suspended: false, suspendReason: null },
      after: { symbol: 'AAPL', suspended: true, suspendReason: 'Pending news' },
    });
  });

  it('names the suspended symbol in the member’s language', async () => {
    const error = new AppError('INSTRUMENT_SUSPENDED', undefined, { symbol: 'AAPL' });
    expect(error.status).toBe(409);
    const [ja, en] = await Promise.all(
      ['ja', 'en'].map((lang) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/instrument/resume',
          headers: { ...trading.headers, 'x-soar-lang': lang },
          payload: { id: 2_147_483_647 },
        }),
      ),
    );
    expect(en?.statusCode).toBe(404);
    expect(en?.json()).toMatchObject({ code: 'INSTRUMENT_NOT_FOUND', message: 'This instrument does not exist' });
    expect(ja?.json()).toMatchObject({ code: 'INSTRUMENT_NOT_FOUND', message: 'この銘柄は存在しません' });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const bad = [
      { id: aapl },
      { id: aapl, reason: '' },
      { id: aapl, reason: '   ' },
      { id: aapl, reason: 'x'.repeat(501) },
      { id: aapl, reason: 'ok', extra: 1 },
      { id: 2 ** 31, reason: 'ok' },
      { id: 0, reason: 'ok' },
      { id: 'AAPL', reason: 'ok' },
      { id: aapl, reason: 'a\u0000b' },
    ];
    for (const body of bad) {
      const response = await api(t.app).post('admin/instrument/suspend', body, { headers: trading.headers });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const missing = await api(t.app).post(
      'admin/instrument/suspend',
      {
        id: 2_147_483_647,
        reason: 'ok',
      },
      { headers: trading.headers },
    );
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'INSTRUMENT_NOT_FOUND']);
    const nul = await api(t.app).get('admin/instrument/list?q=a%00b', { headers: trading.headers });
    expect(nul.statusCode).toBeLessThan(500);
    const [row] = await t.app.db.select().from(instruments).where(eq(instruments.id, aapl));
    expect(row?.suspendedAt).toBeNull();
    expect(await audits(aapl)).toHaveLength(2);
  });

  it('lets exactly one of two racing suspensions make the change', async () => {
    const [msft] = await t.app.db.select().from(instruments).where(eq(instruments.symbol, 'MSFT'));
    const id = msft?.id ?? 0;
    const answers = await Promise.all(
      ['first', 'second', 'third'].map((reason) =>
        api(t.app).post('admin/instrument/suspend', { id, reason }, { headers: trading.headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const reasons = new Set(answers.map((answer) => answer.json().data.suspendReason));
    expect(reasons.size).toBe(1);
    expect(await audits(id)).toHaveLength(1);
  });
});
