import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { totpAt } from '../../lib/totp.ts';
import { unique } from '../../test/accounts.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';
import { tempDataDir, upload } from '../../test/wallet.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(() => t.close());

const password = 'operator-pass-1';

async function operatorWithPassword(role: 'admin' | 'finance' = 'finance') {
  const username = unique('op');
  const { operator, headers } = await createOperator(t.app, {
    username,
    role,
    passwordHash: await hashPassword(password),
  });
  return { operator, headers, username };
}

/** Enrols TOTP through the API and answers the secret. */
async function enrol(headers: Record<string, string>) {
  const started = await http.post('admin/totp/enrol', {}, { headers });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri } = started.json().data as { secret: string; uri: string };
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await http.post('admin/totp/confirm', { code: totpAt(secret, Date.now()) }, { headers });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().data.totpEnabled).toBe(true);
  return secret;
}

describe('TOTP for operators', () => {
  it('once enrolled, login asks for the code and accepts it; without it no session is made', async () => {
    const { headers, username, operator } = await operatorWithPassword();
    const secret = await enrol(headers);
    const withoutCode = await http.post('admin/login', { username, password }, { lang: 'zh-CN' });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toEqual({ code: 'TOTP_REQUIRED', message: '请输入身份验证器应用中的 6 位验证码' });
    // The code of the confirmation step was used: the next login needs the next step's code.
    const next = totpAt(secret, Date.now() + 30_000);
    const login = await http.post('admin/login', { username, password, code: next });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({ id: operator.id, totpEnabled: true, totpRequired: false });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'operator.totp.enable'));
    expect(audit.map((row) => row.entityId)).toContain(String(operator.id));
  });

  it('refuses a code used once (replay) and a wrong code, and five wrong codes lock the login', async () => {
    const { headers, username } = await operatorWithPassword();
    const secret = await enrol(headers);
    const ip = '10.252.0.1';
    const code = totpAt(secret, Date.now() + 30_000);
    expect((await http.post('admin/login', { username, password, code }, { ip })).statusCode).toBe(200);
    const replay = await http.post('admin/login', { username, password, code }, { lang: 'de', ip });
    expect(replay.json()).toEqual({
      code: 'TOTP_WRONG',
      message: 'Der Authenticator-Code ist falsch oder wurde bereits verwendet',
    });
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      expect((await http.post('admin/login', { username, password, code: '000000' }, { ip })).json().code).toBe(
        'TOTP_WRONG',
      );
    }
    const fifth = await http.post('admin/login', { username, password, code: '000000' }, { ip });
    expect([fifth.statusCode, fifth.json().code]).toEqual([429, 'LOGIN_LOCKED']);
    const rightCode = totpAt(secret, Date.now() + 60_000);
    expect((await http.post('admin/login', { username, password, code: rightCode }, { ip })).json().code).toBe(
      'LOGIN_LOCKED',
    );
  });

  it('confirms only with a right code; enrolling again once enabled is refused', async () => {
    const { headers } = await operatorWithPassword();
    expect((await http.post('admin/totp/confirm', { code: '123456' }, { headers })).json().code).toBe(
      'TOTP_NOT_STARTED',
    );
    await http.post('admin/totp/enrol', {}, { headers });
    expect((await http.post('admin/totp/confirm', { code: '000000' }, { headers })).json().code).toBe('TOTP_WRONG');
    expect((await http.post('admin/totp/confirm', { code: '12345' }, { headers })).statusCode).toBe(422);
    expect((await http.post('admin/totp/confirm', { code: '12345\u0000' }, { headers })).statusCode).toBe(422);
    await enrol(headers);
    expect((await http.post('admin/totp/enrol', {}, { headers })).json().code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('with TOTP required (production) an operator without it may only enrol, then everything opens', async () => {
    const production = await createTestApp({ requireOperatorTotp: true, dataDir: tempDataDir() });
    try {
      const prod = api(production.app);
      const { headers } = await createOperator(production.app, { role: 'admin' });
      const member = await createMember(production.app);
      const proof = (await upload(production.app, member.headers)).json().data.id as string;
      expect((await prod.get(`upload/${proof}`, { headers })).json().code).toBe('TOTP_ENROLMENT_REQUIRED');
      const me = await prod.get('admin/me', { headers });
      expect(me.json().data).toMatchObject({ totpEnabled: false, totpRequired: true });
      const blocked = await prod.get('admin/deposit/list', { headers, lang: 'en' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('TOTP_ENROLMENT_REQUIRED');
      expect((await prod.post('admin/password/change', {}, { headers })).json().code).toBe('TOTP_ENROLMENT_REQUIRED');
      const { secret } = (await prod.post('admin/totp/enrol', {}, { headers })).json().data;
      await prod.post('admin/totp/confirm', { code: totpAt(secret, Date.now()) }, { headers });
      expect((await prod.get('admin/deposit/list', { headers })).statusCode).toBe(200);
      expect((await prod.get(`upload/${proof}`, { headers })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('my password', () => {
  it('changes with the old password; my other sessions end, this one stays', async () => {
    const { headers, username } = await operatorWithPassword();
    const other = (await http.post('admin/login', { username, password })).json().data.token as string;
    const wrong = await http.post(
      'admin/password/change',
      { oldPassword: 'not-it-at-all', password: 'a-new-password', confirmPassword: 'a-new-password' },
      { headers },
    );
    expect(wrong.json().code).toBe('PASSWORD_WRONG');
    const mismatch = await http.post(
      'admin/password/change',
      { oldPassword: password, password: 'a-new-password', confirmPassword: 'another-one' },
      { headers },
    );
    expect(mismatch.statusCode).toBe(422);
    const short = await http.post(
      'admin/password/change',
      { oldPassword: password, password: 'short', confirmPassword: 'short' },
      { headers },
    );
    expect(short.statusCode).toBe(422);
    const changed = await http.post(
      'admin/password/change',
      { oldPassword: password, password: 'a-new-password', confirmPassword: 'a-new-password' },
      { headers },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await http.get('admin/me', { headers })).statusCode).toBe(200);
    expect((await http.get('admin/me', { headers: bearer(other) })).statusCode).toBe(401);
    expect((await http.post('admin/login', { username, password: 'a-new-password' })).statusCode).toBe(200);
    expect((await http.post('admin/login', { username, password })).json().code).toBe('LOGIN_FAILED');
  });
});

describe('operators managed by admin', () => {
  it('creates an operator with a role who can log in; the username is unique, case aside', async () => {
    const admin = await operatorWithPassword('admin');
    const username = unique('New.Op');
    const created = await http.post(
      'admin/operator/create',
      { username, role: 'support', password: 'support-pass' },
      { headers: admin.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ username, role: 'support', disabled: false, totpEnabled: false });
    const again = await http.post(
      'admin/operator/create',
      { username: username.toUpperCase(), role: 'finance', password: 'support-pass' },
      { headers: admin.headers },
    );
    expect([again.statusCode, again.json().code]).toEqual([409, 'OPERATOR_EXISTS']);
    const login = await http.post('admin/login', { username, password: 'support-pass' });
    expect(login.json().data.role).toBe('support');
    const list = await http.get('admin/operator/list', { headers: admin.headers });
    const listed = list.json().data.find((row: { username: string }) => row.username === username);
    expect(listed.lastLoginAt).not.toBeNull();
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.json().data.id)));
    expect(audit).toMatchObject({ action: 'operator.create', entity: 'operator', operatorId: admin.operator.id });
    expect(JSON.stringify(audit?.after)).not.toContain('password');
  });

  it('changes a role; disabling ends the sessions and refuses the login; enabling lets them back', async () => {
    const admin = await operatorWithPassword('admin');
    const target = await operatorWithPassword('finance');
    const role = await http.post(
      'admin/operator/update',
      { id: target.operator.id, role: 'compliance' },
      { headers: admin.headers },
    );
    expect(role.json().data.role).toBe('compliance');
    expect((await http.get('admin/deposit/list', { headers: target.headers })).statusCode).toBe(403);
    const disabled = await http.post(
      'admin/operator/update',
      { id: target.operator.id, disabled: true },
      { headers: admin.headers },
    );
    expect(disabled.json().data.disabled).toBe(true);
    expect((await http.get('admin/me', { headers: target.headers })).statusCode).toBe(401);
    expect((await http.post('admin/login', { username: target.username, password })).json().code).toBe('LOGIN_FAILED');
    await http.post('admin/operator/update', { id: target.operator.id, disabled: false }, { headers: admin.headers });
    expect((await http.post('admin/login', { username: target.username, password })).statusCode).toBe(200);
    const actions = await t.app.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(target.operator.id)));
    expect(actions.map((row) => row.action)).toEqual([
      'operator.update',
      'operator.update',
      'operator.loginFailed',
      'operator.update',
      'operator.login',
    ]);
    expect(actions[2]?.after).toMatchObject({ failure: 'disabled' });
  });

  it('resets a password (their sessions end) and a second factor (they enrol again)', async () => {
    const admin = await operatorWithPassword('admin');
    const target = await operatorWithPassword('finance');
    await enrol(target.headers);
    const reset = await http.post(
      'admin/operator/password/reset',
      { id: target.operator.id, password: 'reset-pass-9' },
      { headers: admin.headers },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await http.get('admin/me', { headers: target.headers })).statusCode).toBe(401);
    const totp = await http.post('admin/operator/totp/reset', { id: target.operator.id }, { headers: admin.headers });
    expect(totp.json().data.totpEnabled).toBe(false);
    const login = await http.post('admin/login', { username: target.username, password: 'reset-pass-9' });
    expect(login.statusCode, login.body).toBe(200);
    const [row] = await t.app.db.select().from(operators).where(eq(operators.id, target.operator.id));
    expect(row?.totpSecret).toBeNull();
  });

  it('an admin cannot demote or disable themselves', async () => {
    const admin = await operatorWithPassword('admin');
    for (const change of [{ role: 'finance' }, { disabled: true }]) {
      const self = await http.post(
        'admin/operator/update',
        { id: admin.operator.id, ...change },
        { headers: admin.headers, lang: 'en' },
      );
      expect(self.json()).toEqual({
        code: 'OPERATOR_SELF',
        message: 'You cannot change your own role or disable yourself',
      });
    }
  });

  it("an admin resets neither their own password nor their own second factor: that is the password change's work", async () => {
    const admin = await operatorWithPassword('admin');
    const [before] = await t.app.db.select().from(operators).where(eq(operators.id, admin.operator.id));
    for (const [path, body] of [
      ['admin/operator/password/reset', { id: admin.operator.id, password: 'taken-over-1' }],
      ['admin/operator/totp/reset', { id: admin.operator.id }],
    ] as const) {
      const self = await http.post(path, body, { headers: admin.headers, lang: 'de' });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({
        code: 'OPERATOR_SELF_SERVICE',
        message:
          'Ändern Sie Ihr eigenes Passwort oder Ihren zweiten Faktor auf Ihrer Kontoseite, mit Ihrem aktuellen Passwort',
      });
    }
    const [after] = await t.app.db.select().from(operators).where(eq(operators.id, admin.operator.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect((await http.get('admin/me', { headers: admin.headers })).statusCode).toBe(200);
  });

  it('two admins disabling each other at once leave one admin standing', async () => {
    const lone = await createTestApp();
    try {
      const http2 = api(lone.app);
      const a = await createOperator(lone.app, { role: 'admin' });
      const b = await createOperator(lone.app, { role: 'admin' });
      const answers = await Promise.all([
        http2.post('admin/operator/update', { id: b.operator.id, disabled: true }, { headers: a.headers }),
        http2.post('admin/operator/update', { id: a.operator.id, disabled: true }, { headers: b.headers }),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      for (const answer of answers.filter((item) => item.statusCode !== 200)) {
        expect(['LAST_ADMIN', 'UNAUTHORIZED']).toContain(answer.json().code);
      }
      const admins = await lone.app.db.select().from(operators).where(eq(operators.role, 'admin'));
      expect(admins.filter((row) => row.disabledAt === null)).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const admin = await operatorWithPassword('admin');
    const bad: [string, unknown, number][] = [
      ['admin/operator/create', { username: 'ab', role: 'support', password: 'long-enough' }, 422],
      ['admin/operator/create', { username: 'nul\u0000name', role: 'support', password: 'long-enough' }, 422],
      ['admin/operator/create', { username: 'valid-name', role: 'root', password: 'long-enough' }, 422],
      ['admin/operator/create', { username: 'valid-name', role: 'support', password: 'short' }, 422],
      ['admin/operator/create', { username: 'valid-name', role: 'support' }, 422],
      ['admin/operator/create', { username: 'valid-name', role: 'support', password: 'long-enough', extra: 1 }, 200],
      ['admin/operator/update', { id: 2 ** 31, role: 'support' }, 422],
      ['admin/operator/update', { id: 2 ** 31 - 1, role: 'support' }, 404],
      ['admin/operator/password/reset', { id: 1, password: 'x'.repeat(129) }, 422],
      ['admin/operator/totp/reset', { id: 'one' }, 422],
    ];
    for (const [url, body, status] of bad) {
      const response = await http.post(url, body, { headers: admin.headers });
      expect(response.statusCode, `${url} ${JSON.stringify(body)} ${response.body}`).toBe(status);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/operator/create',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'MALFORMED_JSON']);
  });
});
