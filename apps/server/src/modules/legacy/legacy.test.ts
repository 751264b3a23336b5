import { legacyApi } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { unique, uniquePhone } from '../../test/accounts.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  passwordHash = await hashPassword('secret1');
});
afterAll(() => t.close());

describe('the older client calls', () => {
  it('GET aggregate/stat answers public counts', async () => {
    await createMember(t.app);
    const res = await http.get('aggregate/stat');
    expect(res.statusCode).toBe(200);
    const data = legacyApi.aggregateStat.response.parse(res.json()).data;
    expect(data).toMatchObject({ markets: 4, currencies: 7, languages: 7 });
    expect(data.members).toBeGreaterThanOrEqual(1);
  });

  it('POST user/login takes a mail or a phone as username, and GET user answers the user', async () => {
    const mail = `${unique()}@example.test`;
    const phone = uniquePhone();
    const member = await createMember(t.app, { mail, areaCode: '86', phone, passwordHash });
    for (const username of [mail, phone, `+86${phone}`]) {
      const res = await http.post('user/login', { username, password: 'secret1' });
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      const { token, uid } = legacyApi.login.response.parse(res.json()).data;
      expect(uid).toBe(member.user.uid);
      const user = await http.get('user', { headers: bearer(token) });
      expect(legacyApi.user.response.parse(user.json()).data.uid).toBe(member.user.uid);
    }
    const wrong = await http.post('user/login', { username: mail, password: 'nope' }, { lang: 'es' });
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: 'La cuenta o la contraseña son incorrectas' });
    expect((await http.get('user')).statusCode).toBe(401);
  });

  it('PUT user/login trades a live token for a new one and ends the old, by header, body or query', async () => {
    const member = await createMember(t.app);
    const byHeader = await http.put('user/login', undefined, { headers: member.headers });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    const second = byHeader.json().data.token as string;
    expect(second).not.toBe(member.token);
    expect((await http.get('user', { headers: member.headers })).statusCode).toBe(401);

    const byBody = await http.put('user/login', { token: second });
    const third = byBody.json().data.token as string;
    expect((await http.get('user', { headers: bearer(second) })).statusCode).toBe(401);

    const byQuery = await http.put('user/login', undefined, { query: { token: third } });
    expect(byQuery.statusCode).toBe(200);
    expect((await http.get('user', { headers: bearer(third) })).statusCode).toBe(401);
    expect((await http.get('user', { headers: bearer(byQuery.json().data.token) })).statusCode).toBe(200);

    expect((await http.put('user/login', { token: third })).statusCode).toBe(401);
    expect((await http.put('user/login')).statusCode).toBe(401);
  });

  it('GET user/check_logged says whether a token is live and nothing about whose it is', async () => {
    const member = await createMember(t.app);
    const live = await http.get('user/check_logged', { query: { token: member.token } });
    expect(live.json()).toEqual({ code: 0, message: 'ok', data: { logged: true } });
    await http.post('member/logout', {}, { headers: member.headers });
    const ended = await http.get('user/check_logged', { query: { token: member.token } });
    expect(ended.json()).toEqual({ code: 0, message: 'ok', data: { logged: false } });
    const garbage = await http.get('user/check_logged', { query: { token: 'garbage' } });
    expect(garbage.json().data).toEqual({ logged: false });
    expect((await http.get('user/check_logged')).json().data).toEqual({ logged: false });
  });
});
