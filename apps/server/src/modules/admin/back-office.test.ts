import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import {
  createMember,
  createOperator,
  expectLedgerVerified,
  fund,
  type Headers,
  payPassword,
  walletMember,
} from '../../test/wallet.ts';
import { dashboardRange } from './dashboard.ts';

let t: TestApp;
let admin: { headers: Headers; operator: { id: number } };
let finance: { headers: Headers };
let support: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createOperator(t.app, { role: 'admin' });
  finance = await createOperator(t.app, { role: 'finance' });
  support = await createOperator(t.app, { role: 'support' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

type Dashboard = {
  day: string;
  queues: { key: string; count: number }[];
  figures: { key: string; value: string; unit: string }[];
  series: { key: string; unit: string; points: { date: string; value: string }[] }[];
};

describe('the dashboard', () => {
  it('counts waiting queues, today’s money in USD and new members, with 30 days of series', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '250', 'USDT');
    await fund(t.app, member, finance, '100', 'EUR');
    const waiting = await api(t.app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency: 'USDT',
        network: 'TRC20',
        amount: '5',
        txHash: `0x${'cd'.repeat(32)}`,
      },
      { headers: member.headers },
    );
    expect(waiting.statusCode).toBe(200);
    const withdrawal = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '50',
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
      },
      { headers: member.headers },
    );
    await api(t.app).post(
      'admin/withdraw/review',
      { id: withdrawal.json().data.id, status: 1, payoutReference: 'BANK-REF-1' },
      { headers: finance.headers },
    );
    const answer = (await api(t.app).get('admin/dashboard', { headers: finance.headers })).json().data as Dashboard;
    expect(answer.queues.map(({ key, count }) => ({ key, count }))).toEqual([
      { key: 'deposit', count: 1 },
      { key: 'withdraw', count: 0 },
      { key: 'adjustment', count: 0 },
      { key: 'loan', count: 0 },
    ]);
    const figure = (key: string) => answer.figures.find((item) => item.key === key);
    // 250 USDT at 1 and 100 EUR at 1.085 (the seeded rates).
    expect(figure('depositsToday')).toEqual({ key: 'depositsToday', value: '358.5', unit: 'USD' });
    expect(figure('withdrawalsToday')).toEqual({ key: 'withdrawalsToday', value: '50', unit: 'USD' });
    expect(Number(figure('newMembersToday')?.value)).toBeGreaterThanOrEqual(1);
    const deposits = answer.series.find((item) => item.key === 'deposits');
    expect(deposits?.points).toHaveLength(30);
    expect(deposits?.points.at(-1)).toEqual({ date: answer.day, value: '358.5' });
  });

  it('shows each role only its providers: support sees no money queues', async () => {
    const answer = (await api(t.app).get('admin/dashboard', { headers: support.headers })).json().data as Dashboard;
    expect(answer.queues.map((queue) => queue.key)).toEqual(['chat']);
    expect(answer.figures.map((item) => item.key)).toEqual(['newMembersToday', 'members']);
  });

  it('builds its 30 days in UTC, ending today', () => {
    const range = dashboardRange(new Date('2026-03-01T23:30:00-05:00'));
    expect(range.days[0]).toBe('2026-02-01');
    expect(range.days).toHaveLength(30);
    expect(range.days.at(-1)).toBe('2026-03-02');
    expect(range.todayStart.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('settings', () => {
  it('reads and changes the base settings: the public answer changes at once, audited', async () => {
    const before = (await api(t.app).get('admin/setting', { headers: admin.headers })).json().data;
    expect(before.base.msgType).toBe('builtin');
    const changed = await api(t.app).post(
      'admin/setting/base',
      {
        msgType: 'whatsapp',
        whatsapp: '+85212345678',
        custom: 'console.log("hi")',
      },
      { headers: admin.headers },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const served = await api(t.app).get('base/setting');
    expect(served.json().data).toMatchObject({ msgType: 'whatsapp', whatsapp: '+85212345678', productName: 'Soar' });
    expect((await api(t.app).get('base/custom.js')).body).toBe('console.log("hi")');
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'setting.base'));
    expect(audit).toMatchObject({ before: { msgType: 'builtin' }, after: { msgType: 'whatsapp' } });
    await api(t.app).post(
      'admin/setting/base',
      { msgType: 'builtin', whatsapp: '', custom: '' },
      { headers: admin.headers },
    );
  });

  it('changes the withdrawal rules: "withdrawals need KYC" is enforced on the next withdrawal', async () => {
    const rules = {
      withdrawMinimumUsd: '20',
      withdrawFeeRate: '0.02',
      withdrawFeeMinimumUsd: '2',
      withdrawRequiresKyc: true,
      depositCreditCurrency: { USDT: 'USD' },
    };
    const saved = await api(t.app).post('admin/setting/wallet', rules, { headers: admin.headers });
    expect(saved.json().data).toEqual(rules);
    const member = await walletMember(t.app);
    const config = await api(t.app).get('withdraw/config', { headers: member.headers });
    expect(config.json().data).toMatchObject({ minimumUsd: '20', feeRate: '0.02', requiresKyc: true });
    const refused = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '25',
        currency: 'USD',
        walletId: member.walletId,
        payPassword,
      },
      { headers: member.headers },
    );
    expect(refused.json().code).toBe('KYC_REQUIRED');
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'setting.wallet'));
    expect(audit?.before).toMatchObject({ withdrawRequiresKyc: false });
    await api(t.app).post(
      'admin/setting/wallet',
      {
        ...rules,
        withdrawMinimumUsd: '10',
        withdrawFeeRate: '0.01',
        withdrawFeeMinimumUsd: '1',
        withdrawRequiresKyc: false,
        depositCreditCurrency: {},
      },
      { headers: admin.headers },
    );
  });

  it('refuses bad settings with a clear 4xx and keeps the old ones', async () => {
    const good = {
      withdrawMinimumUsd: '10',
      withdrawFeeRate: '0.01',
      withdrawFeeMinimumUsd: '1',
      withdrawRequiresKyc: false,
      depositCreditCurrency: {},
    };
    const cases: [string, object, number][] = [
      ['admin/setting/wallet', { ...good, withdrawFeeRate: '1.5' }, 422],
      ['admin/setting/wallet', { ...good, withdrawMinimumUsd: '-1' }, 422],
      ['admin/setting/wallet', { ...good, withdrawMinimumUsd: '10000000000000000' }, 422],
      ['admin/setting/wallet', { ...good, depositCreditCurrency: { USDT: 'XYZ' } }, 422],
      ['admin/setting/wallet', { ...good, depositCreditCurrency: { usdt: 'USD' } }, 422],
      ['admin/setting/wallet', { withdrawMinimumUsd: '10' }, 422],
      ['admin/setting/base', { msgType: 'telegram' }, 422],
      ['admin/setting/base', { whatsapp: 'call me' }, 422],
      ['admin/setting/base', { productName: '' }, 422],
      ['admin/setting/base', { custom: 'x'.repeat(20_001) }, 422],
      ['admin/setting/base', { custom: 'a\u0000' }, 422],
    ];
    for (const [url, body, status] of cases) {
      const response = await api(t.app).post(url, body, { headers: admin.headers });
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)} ${response.body}`).toBe(status);
    }
    expect((await api(t.app).get('admin/setting', { headers: admin.headers })).json().data.wallet).toEqual(good);
    expect(
      (await api(t.app).post('admin/setting/base', { productName: 'X' }, { headers: finance.headers })).statusCode,
    ).toBe(403);
  });
});

describe('the audit log', () => {
  it('filters by operator, entity, action and time, and names the operator', async () => {
    const member = await createMember(t.app);
    await api(t.app).post('admin/user/vip', { id: member.user.id, vipLevel: 2 }, { headers: admin.headers });
    const byOperator = await api(t.app).get(`admin/audit/list?operatorId=${admin.operator.id}&action=member`, {
      headers: admin.headers,
    });
    const entries = byOperator.json().data.list;
    expect(entries[0]).toMatchObject({
      action: 'member.vip',
      entity: 'member',
      entityId: String(member.user.id),
      operatorId: admin.operator.id,
      operatorName: expect.any(String),
    });
    expect(entries.every((entry: { action: string }) => entry.action.startsWith('member.'))).toBe(true);
    const later = new Date(Date.now() + 60_000).toISOString();
    const none = await api(t.app).get(`admin/audit/list?from=${encodeURIComponent(later)}`, { headers: admin.headers });
    expect(none.json().data.total).toBe(0);
    const byEntity = await api(t.app).get(`admin/audit/list?entity=member&entityId=${member.user.id}`, {
      headers: admin.headers,
    });
    expect(byEntity.json().data.total).toBe(1);
    const percent = await api(t.app).get('admin/audit/list?action=%25', { headers: admin.headers });
    expect(percent.json().data.total).toBe(0);
    expect((await api(t.app).get('admin/audit/list?from=yesterday', { headers: admin.headers })).statusCode).toBe(422);
    expect(
      (await api(t.app).get('admin/audit/list?operatorId=2147483648', { headers: admin.headers })).statusCode,
    ).toBe(422);
  });
});
