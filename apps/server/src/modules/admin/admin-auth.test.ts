import { operatorApi } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { unique } from '../../test/accounts.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  passwordHash = await hashPassword('operator-pass');
});
afterAll(() => t.close());

describe('operator sign-in', () => {
  it('logs in, answers me, logs out; the token then gets 401', async () => {
    const { operator } = await createOperator(t.app, { username: unique('op'), passwordHash });
    const res = await http.post('admin/login', {
      username: operator.username.toUpperCase(),
      password: 'operator-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = operatorApi.login.response.parse(res.json()).data;
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(11.9 * 60 * 60 * 1000);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
    const me = await http.get('admin/me', { headers: bearer(data.token) });
    expect(me.json().data).toEqual({
      id: operator.id,
      username: operator.username,
      role: 'admin',
      totpEnabled: false,
      totpRequired: false,
    });
    expect((await http.post('admin/logout', {}, { headers: bearer(data.token) })).statusCode).toBe(200);
    expect((await http.get('admin/me', { headers: bearer(data.token) })).statusCode).toBe(401);
  });

  it('keeps the audiences apart: a member token never opens operator calls, nor the reverse', async () => {
    const member = await createMember(t.app);
    const operator = await createOperator(t.app);
    expect((await http.get('admin/me', { headers: member.headers })).statusCode).toBe(401);
    expect((await http.post('admin/logout', {}, { headers: member.headers })).statusCode).toBe(401);
    expect((await http.get('member/profile', { headers: operator.headers })).statusCode).toBe(401);
    expect((await http.get('user', { headers: operator.headers })).statusCode).toBe(401);
    expect((await http.get('user/check_logged', { query: { token: operator.token } })).json().data.logged).toBe(false);
  });

  it('answers one generic message, records attempts and locks after 5 wrong passwords', async () => {
    const { operator } = await createOperator(t.app, { username: unique('op'), passwordHash });
    const ip = '10.250.0.1';
    const unknown = await http.post('admin/login', { username: unique('nobody'), password: 'x' }, { lang: 'ja' });
    const wrong = await http.post('admin/login', { username: operator.username, password: 'x' }, { lang: 'ja', ip });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: 'アカウントまたはパスワードが正しくありません' });
    for (let i = 0; i < 3; i++) await http.post('admin/login', { username: operator.username, password: 'x' }, { ip });
    const fifth = await http.post('admin/login', { username: operator.username, password: 'x' }, { ip });
    expect(fifth.statusCode).toBe(429);
    const right = await http.post('admin/login', { username: operator.username, password: 'operator-pass' }, { ip });
    expect(right.json().code).toBe('LOGIN_LOCKED');
    const rows = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.operatorId, operator.id));
    expect(rows.map((r) => r.result)).toEqual(['failed', 'failed', 'failed', 'failed', 'lockout', 'locked']);
    expect(rows.every((r) => r.audience === 'operator' && r.userId === null)).toBe(true);
  });

  it('locks an operator per source address: five wrong passwords from one address do not lock another', async () => {
    const { operator } = await createOperator(t.app, { username: unique('op'), passwordHash });
    const guesser = '10.250.1.1';
    const office = '10.250.1.2';
    for (let i = 0; i < 5; i++)
      await http.post('admin/login', { username: operator.username, password: 'x' }, { ip: guesser });
    const locked = await http.post(
      'admin/login',
      { username: operator.username, password: 'operator-pass' },
      { ip: guesser },
    );
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'LOGIN_LOCKED']);
    const fromOffice = await http.post(
      'admin/login',
      { username: operator.username, password: 'operator-pass' },
      { ip: office },
    );
    expect(fromOffice.statusCode, fromOffice.body).toBe(200);
    // Wrong passwords from the office count on their own: four more there do not lock it either.
    for (let i = 0; i < 4; i++)
      await http.post('admin/login', { username: operator.username, password: 'x' }, { ip: office });
    const again = await http.post(
      'admin/login',
      { username: operator.username, password: 'operator-pass' },
      { ip: office },
    );
    expect(again.statusCode).toBe(200);
  });

  it('slows guesses spread over many addresses, never the addresses the operator signs in from', async () => {
    const { operator } = await createOperator(t.app, { username: unique('op'), passwordHash });
    const office = '10.252.0.1';
    const right = { username: operator.username, password: 'operator-pass' };
    expect((await http.post('admin/login', right, { ip: office })).statusCode).toBe(200);
    // Fourteen wrong passwords from fourteen addresses: each address stays under its own lockout.
    await t.app.db.insert(loginAttempts).values(
      Array.from({ length: 14 }, (_, i) => ({
        audience: 'operator' as const,
        identifier: operator.username.toLowerCase(),
        operatorId: operator.id,
        result: 'failed' as const,
        ip: `10.252.1.${i + 1}`,
        userAgent: 'guesser',
      })),
    );
    const fromNewAddress = await http.post('admin/login', right, { ip: '10.252.2.1', lang: 'de' });
    expect(fromNewAddress.statusCode).toBe(429);
    expect(fromNewAddress.json().code).toBe('LOGIN_SLOWED');
    // 14 failures: the delay has doubled four times past the ceiling of ten, to 16 seconds.
    expect(fromNewAddress.json().message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldungen bei diesem Konto: bitte in 1[56] Sekunden/,
    );
    const fromOffice = await http.post('admin/login', right, { ip: office });
    expect(fromOffice.statusCode, fromOffice.body).toBe(200);
    // A success starts the count again: a new address is no longer slowed.
    expect((await http.post('admin/login', right, { ip: '10.252.2.2' })).statusCode).toBe(200);
  });

  it('still locks a member account whatever the address', async () => {
    const mail = `${unique()}@example.test`;
    await createMember(t.app, { mail, passwordHash });
    for (let i = 0; i < 5; i++) await http.post('member/login', { mail, password: 'wrong-pass' });
    const right = await http.post('member/login', { mail, password: 'operator-pass' });
    expect(right.json().code).toBe('LOGIN_LOCKED');
  });

  it('limits operator logins per client address', async () => {
    const ip = '10.251.0.1';
    for (let i = 0; i < 20; i++) await http.post('admin/login', { username: unique('x'), password: 'x' }, { ip });
    expect((await http.post('admin/login', { username: 'admin', password: 'x' }, { ip })).statusCode).toBe(429);
  });
});
