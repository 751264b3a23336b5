import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
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

let t: TestApp;
let compliance: { headers: Headers; operator: { id: number } };
let finance: { headers: Headers; operator: { id: number } };
let support: { headers: Headers };
beforeAll(async () => {
  t = await createTestApp();
  compliance = await createOperator(t.app, { role: 'compliance' });
  finance = await createOperator(t.app, { role: 'finance' });
  support = await createOperator(t.app, { role: 'support' });
});
afterEach(() => expectLedgerVerified(t.app));
afterAll(() => t.close());

describe('members for operators', () => {
  it('searches by uid, mail, phone or nickname; % and _ are searched for, not wildcards', async () => {
    const member = await createMember(t.app, { nickname: 'Zed_100%' });
    const byUid = await api(t.app).get(`admin/user/list?q=${member.user.uid}`, { headers: support.headers });
    expect(byUid.json().data.list.map((row: { id: number }) => row.id)).toEqual([member.user.id]);
    const byMail = await api(t.app).get(
      `admin/user/list?q=${encodeURIComponent(member.user.mail?.toUpperCase() ?? '')}`,
      { headers: support.headers },
    );
    expect(byMail.json().data.total).toBe(1);
    const literal = await api(t.app).get(`admin/user/list?q=${encodeURIComponent('d_100%')}`, {
      headers: support.headers,
    });
    expect(literal.json().data.list.map((row: { id: number }) => row.id)).toEqual([member.user.id]);
    const wildcard = await api(t.app).get(`admin/user/list?q=${encodeURIComponent('%')}`, { headers: support.headers });
    expect(wildcard.json().data.list.map((row: { id: number }) => row.id)).toEqual([member.user.id]);
  });

  it('shows a member with balances, recent deposits and withdrawals, sessions and the ledger', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '300', 'USDT');
    const withdrawal = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '100',
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
      },
      { headers: member.headers },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const detail = await api(t.app).get(`admin/user/detail?uid=${member.user.uid}`, { headers: finance.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const data = detail.json().data;
    expect(data.balances).toEqual([{ currency: 'USDT', available: '199', frozen: '101' }]);
    expect(data.deposits).toHaveLength(1);
    expect(data.withdrawals[0]).toMatchObject({ amount: '100', fee: '1', status: 0 });
    expect(data.sessions).toHaveLength(1);
    expect(data.mail).toBe(member.user.mail);
    const ledger = await api(t.app).get(`admin/user/ledger?id=${member.user.id}&pageSize=10`, {
      headers: compliance.headers,
    });
    expect(ledger.json().data.list.map((row: { type: string }) => row.type)).toEqual([
      'withdraw_freeze',
      'withdraw_freeze',
      'deposit',
    ]);
    expect(
      (await api(t.app).get(`admin/user/ledger?id=${member.user.id}`, { headers: support.headers })).statusCode,
    ).toBe(403);
  });

  it('sets the VIP level, audited with before and after', async () => {
    const member = await createMember(t.app);
    const set = await api(t.app).post(
      'admin/user/vip',
      { id: member.user.id, vipLevel: 3 },
      { headers: compliance.headers },
    );
    expect(set.json().data.vipLevel).toBe(3);
    const profile = await api(t.app).get('member/profile', { headers: member.headers });
    expect(profile.json().data).toMatchObject({ vip: true, vipLevel: 3 });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'member.vip'));
    expect(audit).toMatchObject({ entityId: String(member.user.id), before: { vipLevel: 0 }, after: { vipLevel: 3 } });
    expect(
      (await api(t.app).post('admin/user/vip', { id: member.user.id, vipLevel: 1 }, { headers: support.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('a frozen login ends the live sessions and refuses the next login in the member’s language', async () => {
    const password = 'member-pass';
    const member = await createMember(t.app, { passwordHash: await hashPassword(password) });
    const http = api(t.app);
    const frozen = await api(t.app).post(
      'admin/user/freeze',
      {
        id: member.user.id,
        login: true,
        reason: 'Account takeover reported',
      },
      { headers: compliance.headers },
    );
    expect(frozen.json().data).toMatchObject({ loginFrozen: true, withdrawFrozen: false });
    expect((await api(t.app).get('member/profile', { headers: member.headers })).statusCode).toBe(401);
    const login = await http.post('member/login', { mail: member.user.mail, password }, { lang: 'ja' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      code: 'ACCOUNT_FROZEN',
      message: 'このアカウントは凍結されています。カスタマーサービスにお問い合わせください',
    });
    const legacy = await http.post('user/login', { username: member.user.mail, password });
    expect(legacy.json().code).toBe('ACCOUNT_FROZEN');
    const wrong = await http.post('member/login', { mail: member.user.mail, password: 'not-the-one' });
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    await api(t.app).post(
      'admin/user/freeze',
      { id: member.user.id, login: false, reason: 'Owner verified' },
      { headers: compliance.headers },
    );
    expect((await http.post('member/login', { mail: member.user.mail, password })).statusCode).toBe(200);
  });

  it('frozen withdrawals are refused with a localised error and freeze nothing', async () => {
    const member = await walletMember(t.app);
    await fund(t.app, member, finance, '100', 'USDT');
    await api(t.app).post(
      'admin/user/freeze',
      { id: member.user.id, withdraw: true, reason: 'Source of funds check' },
      { headers: compliance.headers },
    );
    const refused = await api(t.app).post(
      'withdraw/apply',
      {
        amount: '20',
        currency: 'USDT',
        walletId: member.walletId,
        payPassword,
      },
      { headers: { ...member.headers, 'x-soar-lang': 'es' } },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'WITHDRAW_FROZEN',
      message: 'Los retiros de esta cuenta están congelados. Póngase en contacto con atención al cliente',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row?.withdrawFrozen).toBe(true);
    const detail = await api(t.app).get(`admin/user/detail?uid=${member.user.uid}`, { headers: compliance.headers });
    expect(detail.json().data.balances).toEqual([{ currency: 'USDT', available: '100', frozen: '0' }]);
  });

  it('answers bad input with a clear 4xx', async () => {
    const cases: [string, string, object | undefined, number][] = [
      ['GET', 'admin/user/detail?uid=99999999', undefined, 404],
      ['GET', 'admin/user/detail?uid=2147483648', undefined, 422],
      ['GET', 'admin/user/detail?uid=abc', undefined, 422],
      ['GET', `admin/user/detail?uid=${encodeURIComponent('1000000\u0000')}`, undefined, 422],
      ['GET', 'admin/user/detail', undefined, 422],
      ['GET', `admin/user/list?q=${'x'.repeat(101)}`, undefined, 422],
      ['GET', 'admin/user/list?q=a%00b', undefined, 422],
      ['POST', 'admin/user/vip', { id: 1, vipLevel: 11 }, 422],
      ['POST', 'admin/user/vip', { id: 1, vipLevel: 1.5 }, 422],
      ['POST', 'admin/user/vip', { id: 2 ** 31 - 1, vipLevel: 1 }, 404],
      ['POST', 'admin/user/freeze', { id: 1 }, 422],
      ['POST', 'admin/user/freeze', { id: 1, login: 'yes', reason: 'why' }, 422],
    ];
    for (const [method, url, body, status] of cases) {
      const http = api(t.app);
      const response =
        method === 'GET'
          ? await http.get(url, { headers: compliance.headers })
          : await http.post(url, body, { headers: compliance.headers });
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
    }
  });
});
