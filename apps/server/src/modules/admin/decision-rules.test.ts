import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { withdrawStatuses } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, tradeFeeSchedules, withdrawals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  balanceOf,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';

// docs/admin.md, Reasons and references and Rules: refusals say why, fees keep their currency's decimals.
let t: TestApp;
let finance: { headers: Headers };
let trading: { headers: Headers };

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(`${tmpdir()}/soar-decision-rules-`) });
  finance = await createOperator(t.app, { role: 'finance' });
  trading = await createOperator(t.app, { role: 'trading' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('refusing a withdrawal needs a remark', () => {
  it('refuses a refusal without a remark, blank or too long (422 naming the remark) and moves nothing', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '100');
    const applied = await api(t.app).post(
      'withdraw/apply',
      { amount: '50', currency: 'USDT', walletId: member.walletId, payPassword },
      { headers: member.headers },
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const id = applied.json().data.id as number;
    for (const [remark, message] of [
      [undefined, 'Remark is required'],
      ['   ', 'Remark is required'],
      ['x'.repeat(501), 'Remark must have at most 500 characters'],
    ] as const) {
      const refused = await api(t.app).post(
        'admin/withdraw/review',
        { id, status: withdrawStatuses.refuse, remark },
        { headers: finance.headers },
      );
      expect([refused.statusCode, refused.json()], String(remark)).toEqual([
        422,
        { code: 'VALIDATION_FAILED', message: [message] },
      ]);
    }
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe(withdrawStatuses.wait);
    expect(await balanceOf(t.app, member.headers, 'USDT')).toEqual({ available: '49', frozen: '51' });

    const german = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: withdrawStatuses.refuse },
      { headers: finance.headers, lang: 'de' },
    );
    expect(german.json().message).toEqual([expect.stringContaining('erforderlich')]);
    const refused = await api(t.app).post(
      'admin/withdraw/review',
      { id, status: withdrawStatuses.refuse, remark: ' Wallet flagged ' },
      { headers: finance.headers },
    );
    expect(refused.json().data).toMatchObject({ status: withdrawStatuses.refuse, remark: 'Wallet flagged' });
  });
});

describe('fee amounts keep the market currency’s decimals', () => {
  it('refuses a JPY minimum or platform fee with decimals (422 naming the field) and saves nothing', async () => {
    const [jp] = await t.app.db.select().from(tradeFeeSchedules).where(eq(tradeFeeSchedules.market, 'JP'));
    expect(jp?.currency).toBe('JPY');
    const body = { market: 'JP', rate: '0.001', minimum: '100', platformFee: '50', vipDiscounts: [] };
    for (const [change, message] of [
      [{ minimum: '100.5' }, 'Minimum has at most 0 decimals in JPY'],
      [{ platformFee: '0.01' }, 'Platform fee has at most 0 decimals in JPY'],
    ] as const) {
      const refused = await api(t.app).post(
        'admin/trade/fee/update',
        { ...body, ...change },
        { headers: trading.headers },
      );
      expect([refused.statusCode, refused.json()]).toEqual([422, { code: 'VALIDATION_FAILED', message: [message] }]);
    }
    const [after] = await t.app.db.select().from(tradeFeeSchedules).where(eq(tradeFeeSchedules.market, 'JP'));
    expect(after).toEqual(jp);
    const us = { market: 'US', rate: '0.001', minimum: '1.25', platformFee: '0.5', vipDiscounts: [] };
    expect((await api(t.app).post('admin/trade/fee/update', us, { headers: trading.headers })).statusCode).toBe(200);
    const usd = await api(t.app).post(
      'admin/trade/fee/update',
      { ...us, minimum: '1.255' },
      { headers: trading.headers },
    );
    expect(usd.json().message).toEqual(['Minimum has at most 2 decimals in USD']);
  });
});

describe('operator sign-ins the rate limit turns away', () => {
  it('are audited as failed sign-ins (rateLimited), once a minute per address', async () => {
    const ip = '10.253.0.7';
    const rateLimited = () =>
      t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'operator.loginFailed'), eq(auditLog.ip, ip)));
    const statuses: number[] = [];
    for (let i = 0; i < 23; i++) {
      statuses.push(
        (await api(t.app).post('admin/login', { username: `nobody-${i}`, password: 'x' }, { ip })).statusCode,
      );
    }
    // Each username once, so no account lockout answers 429 first: the rate limit allows 20 a minute.
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    // The entry is written beside the 429 (the limit's hook cannot wait for it): read until it lands.
    const entries = async () =>
      (await rateLimited()).filter((entry) => (entry.after as { failure: string }).failure === 'rateLimited');
    await vi.waitFor(async () => expect((await entries()).length).toBeGreaterThan(0));
    // Room for the other two turned away to land, were they audited too: once a minute means one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await entries()).toHaveLength(1);
    const [entry] = await entries();
    expect(entry).toMatchObject({ operatorId: null, entity: 'operator', ip });
  });
});
