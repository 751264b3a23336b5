import { memberApi } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({}, { codeSender: new RecordingSender() });
  http = api(t.app);
  passwordHash = await hashPassword('secret1');
});
afterAll(() => t.close());

async function memberWithPassword() {
  const mail = `${unique()}@example.test`;
  const member = await createMember(t.app, { mail, passwordHash });
  return { ...member, mail };
}

const login = (mail: string, password: string, options: { ip?: string; lang?: string; agent?: string } = {}) =>
  http.post(
    'member/login',
    { mail, password },
    { ip: options.ip, lang: options.lang, headers: options.agent ? { 'user-agent': options.agent } : {} },
  );

describe('login', () => {
  it('answers one generic message for a wrong password and for an unknown account', async () => {
    const { mail } = await memberWithPassword();
    const wrong = await login(mail, 'wrong-1', { lang: 'it' });
    const unknown = await login(`${unique()}@example.test`, 'wrong-1', { lang: 'it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: "L'account o la password sono errati" });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an account for 15 minutes after 5 wrong passwords, even with the right one', async () => {
    const { mail, user } = await memberWithPassword();
    for (let i = 0; i < 4; i++) expect((await login(mail, `wrong-${i}`)).json().code).toBe('LOGIN_FAILED');
    const fifth = await login(mail, 'wrong-5', { lang: 'de' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      code: 'LOGIN_LOCKED',
      message: 'Zu viele fehlgeschlagene Anmeldungen, bitte versuchen Sie es in 15 Minuten erneut',
    });
    const right = await login(mail, 'secret1');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many failed logins, please retry in 15 minutes');
    // The lock follows the account, not what was typed: the legacy username is locked too.
    expect((await http.post('user/login', { username: mail, password: 'secret1' })).statusCode).toBe(429);

    // Fifteen minutes later the lock is over and the right password opens the account.
    const past = new Date(Date.now() - 16 * 60 * 1000);
    await t.app.db.update(loginAttempts).set({ createdAt: past }).where(eq(loginAttempts.userId, user.id));
    expect((await login(mail, 'secret1')).statusCode).toBe(200);
    // Failures before the lockout are not counted again: one more wrong password is just wrong.
    expect((await login(mail, 'wrong-6')).json().code).toBe('LOGIN_FAILED');
  });

  it('counts concurrent wrong passwords one by one: exactly the fifth locks', async () => {
    const { mail, user } = await memberWithPassword();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(mail, `wrong-${i}`)));
    expect(answers.filter((res) => res.json().code === 'LOGIN_FAILED')).toHaveLength(4);
    expect(answers.filter((res) => res.json().code === 'LOGIN_LOCKED')).toHaveLength(4);
    const rows = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(rows.filter((row) => row.result === 'lockout')).toHaveLength(1);
  });

  it('locks an unknown identifier exactly like an account, revealing nothing', async () => {
    const mail = `${unique()}@example.test`;
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await login(mail, `wrong-${i}`)).json().code);
    expect(codes).toEqual([
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'LOGIN_LOCKED',
      'LOGIN_LOCKED',
    ]);
  });

  it('records every attempt with time, IP, user agent, result, identifier and user', async () => {
    const { mail, user } = await memberWithPassword();
    await login(mail, 'wrong-1', { ip: '10.9.8.7', agent: 'TestPhone/1.0' });
    await login(mail, 'secret1', { ip: '10.9.8.7', agent: 'TestPhone/1.0' });
    const rows = await t.app.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.audience, 'member'), eq(loginAttempts.userId, user.id)))
      .orderBy(loginAttempts.id);
    expect(rows.map((r) => [r.result, r.ip, r.userAgent, r.identifier])).toEqual([
      ['failed', '10.9.8.7', 'TestPhone/1.0', mail],
      ['success', '10.9.8.7', 'TestPhone/1.0', mail],
    ]);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('limits logins per client address', async () => {
    const ip = '10.250.0.1';
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(`${unique()}@example.test`, 'wrong-1', { ip })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const limited = await login(`${unique()}@example.test`, 'wrong-1', { ip, lang: 'ja' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('sessions', () => {
  it('lists the devices, marks this one, and shows the recent login attempts', async () => {
    const { mail } = await memberWithPassword();
    await login(mail, 'wrong-1', { ip: '10.1.1.1', agent: 'Laptop' });
    const phone = (await login(mail, 'secret1', { ip: '10.1.1.2', agent: 'Phone' })).json().data.token;
    const laptop = (await login(mail, 'secret1', { ip: '10.1.1.1', agent: 'Laptop' })).json().data.token;
    const res = await http.get('member/session/list', { headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    const data = memberApi.sessionList.response.parse(res.json()).data;
    const mine = data.sessions.filter((s) => s.ip.startsWith('10.1.1.'));
    expect(mine.map((s) => [s.userAgent, s.current])).toEqual([
      ['Laptop', true],
      ['Phone', false],
    ]);
    expect(data.attempts.map((a) => [a.result, a.ip, a.userAgent])).toEqual([
      ['success', '10.1.1.1', 'Laptop'],
      ['success', '10.1.1.2', 'Phone'],
      ['failed', '10.1.1.1', 'Laptop'],
    ]);
    expect(phone).not.toBe(laptop);
  });

  it('revokes one device at once and answers 404 for it afterwards', async () => {
    const { mail } = await memberWithPassword();
    const first = (await login(mail, 'secret1')).json().data.token;
    const second = (await login(mail, 'secret1')).json().data.token;
    const list = (await http.get('member/session/list', { headers: bearer(second) })).json().data;
    const firstId = list.sessions.find((s: { current: boolean }) => !s.current).id;
    const revoked = await http.post('member/session/revoke', { id: firstId }, { headers: bearer(second) });
    expect(revoked.json()).toEqual({ code: 0, message: 'ok', data: { revoked: 1 } });
    expect((await http.get('member/profile', { headers: bearer(first) })).statusCode).toBe(401);
    expect((await http.get('member/profile', { headers: bearer(second) })).statusCode).toBe(200);
    const again = await http.post('member/session/revoke', { id: firstId }, { headers: bearer(second) });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 when a member tries to revoke another member's session, and leaves it alive", async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const res = await http.post('member/session/revoke', { id: b.sessionId }, { headers: a.headers, lang: 'de' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await http.get('member/profile', { headers: b.headers })).statusCode).toBe(200);
  });

  it('logs out everywhere', async () => {
    const { mail, token: fixtureToken } = await memberWithPassword();
    const tokens = [fixtureToken];
    for (let i = 0; i < 3; i++) tokens.push((await login(mail, 'secret1')).json().data.token as string);
    const other = await createMember(t.app);
    const res = await http.post('member/session/revoke-all', {}, { headers: bearer(tokens[0] ?? '') });
    expect(res.json().data).toEqual({ revoked: 4 });
    for (const token of tokens)
      expect((await http.get('member/profile', { headers: bearer(token) })).statusCode).toBe(401);
    expect((await http.get('member/profile', { headers: other.headers })).statusCode).toBe(200);
  });

  it('slides the expiry with use, writing lastSeenAt at most once a minute', async () => {
    const member = await createMember(t.app);
    const old = new Date(Date.now() - 5 * 60 * 1000);
    await t.app.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, member.sessionId));
    await http.get('member/profile', { headers: member.headers });
    const [seen] = await t.app.db.select().from(sessions).where(eq(sessions.id, member.sessionId));
    expect(seen?.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    expect(seen?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    await http.get('member/profile', { headers: member.headers });
    const [again] = await t.app.db.select().from(sessions).where(eq(sessions.id, member.sessionId));
    expect(again?.lastSeenAt.getTime()).toBe(seen?.lastSeenAt.getTime());
  });

  it('issues 256-bit tokens stored only as their SHA-256', async () => {
    const { mail, user } = await memberWithPassword();
    const token = (await login(mail, 'secret1')).json().data.token as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });
});
