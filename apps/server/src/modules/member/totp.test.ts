import { memberApi } from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberLoginChallenges, memberRecoveryCodes, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RecordingSender, unique, uniquePhone } from '../../test/accounts.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
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

/** The code an authenticator shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30, algorithm: 'sha1', digits: 6, period: 30 });

async function member(values: { phone?: string; areaCode?: string } = {}) {
  const mail = `${unique()}@example.test`;
  const created = await createMember(t.app, { mail, passwordHash, ...values });
  return { ...created, mail };
}

/** A member with two-step sign-in on: the code of the current step is spent by the confirmation. */
async function enrolled() {
  const who = await member();
  const enrol = await http.post('member/totp/enrol', {}, { headers: who.headers });
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret } = enrol.json().data as { secret: string };
  const confirm = await http.post('member/totp/confirm', { code: codeOf(secret) }, { headers: who.headers });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json().data as { recoveryCodes: string[] };
  return { ...who, secret, recoveryCodes };
}

async function challengeOf(mail: string) {
  const login = await http.post('member/login', { mail, password: 'secret1' });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.challenge as string;
}

const secondFactor = (challenge: string, code: string, lang?: string) =>
  http.post('member/login/second-factor', { challenge, code }, { lang });

describe('two-step sign-in: enrolment', () => {
  it('answers a secret and its otpauth URL, in force only once a first code confirms it', async () => {
    const who = await member();
    const profileBefore = await http.get('member/profile', { headers: who.headers });
    expect(profileBefore.json().data.totpEnabled).toBe(false);

    const enrol = await http.post('member/totp/enrol', {}, { headers: who.headers });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, otpauthUrl } = memberApi.totpEnrol.response.parse(enrol.json()).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toBe(`/${url.searchParams.get('issuer')}:${who.mail}`);

    // Not on yet: the password alone still signs in.
    const plain = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(plain.json().data.token).toEqual(expect.any(String));

    // A second enrolment before confirming replaces the secret: the first one's codes are refused.
    const again = (await http.post('member/totp/enrol', {}, { headers: who.headers })).json().data.secret as string;
    expect(again).not.toBe(secret);
    const stale = await http.post('member/totp/confirm', { code: codeOf(secret) }, { headers: who.headers });
    if (codeOf(secret) !== codeOf(again)) expect(stale.json().code).toBe('TOTP_WRONG');

    const confirm = await http.post('member/totp/confirm', { code: codeOf(again) }, { headers: who.headers });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = memberApi.totpConfirm.response.parse(confirm.json()).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

    // Only digests are kept.
    const stored = await t.app.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, who.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((code) => code.replaceAll('-', ''))).not.toContain(row.codeHash);
    }

    expect((await http.get('member/profile', { headers: who.headers })).json().data.totpEnabled).toBe(true);
    const enrolOn = await http.post('member/totp/enrol', {}, { headers: who.headers });
    expect(enrolOn.statusCode).toBe(409);
    expect(enrolOn.json().code).toBe('TOTP_ALREADY_ENABLED');
    const confirmOn = await http.post('member/totp/confirm', { code: codeOf(again, 1) }, { headers: who.headers });
    expect(confirmOn.json().code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('refuses a confirmation before enrolling, and a wrong first code', async () => {
    const who = await member();
    const early = await http.post('member/totp/confirm', { code: '123456' }, { headers: who.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('TOTP_NOT_STARTED');
    const { secret } = (await http.post('member/totp/enrol', {}, { headers: who.headers })).json().data;
    const wrongCode = codeOf(secret) === '000000' ? '111111' : '000000';
    const wrong = await http.post('member/totp/confirm', { code: wrongCode }, { headers: who.headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TOTP_WRONG');
    expect((await http.get('member/profile', { headers: who.headers })).json().data.totpEnabled).toBe(false);
  });

  it('needs a session', async () => {
    expect((await http.post('member/totp/enrol')).statusCode).toBe(401);
    expect((await http.post('member/totp/confirm', { code: '123456' })).statusCode).toBe(401);
    expect((await http.post('member/totp/disable', { password: 'secret1', code: '123456' })).statusCode).toBe(401);
  });
});

describe('two-step sign-in: login', () => {
  it('answers a challenge instead of a token, and the second factor answers the login', async () => {
    const who = await enrolled();
    const login = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(login.statusCode, login.body).toBe(200);
    const data = login.json().data;
    expect(Object.keys(data).sort()).toEqual(['challenge', 'expiresAt']);
    const lifetime = new Date(data.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    // Only its digest is stored.
    const [row] = await t.app.db
      .select()
      .from(memberLoginChallenges)
      .where(eq(memberLoginChallenges.userId, who.user.id));
    expect(row?.challengeHash).not.toBe(data.challenge);

    const done = await secondFactor(data.challenge, codeOf(who.secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    const answer = memberApi.secondFactor.response.parse(done.json()).data;
    expect(answer).toMatchObject({ mail: expect.stringContaining('***'), totpEnabled: true });
    expect((await http.get('member/profile', { headers: bearer(answer.token) })).statusCode).toBe(200);

    // The challenge is spent.
    const reused = await secondFactor(data.challenge, codeOf(who.secret, 1));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
  });

  it('asks for the second step after a phone login too', async () => {
    const phone = uniquePhone();
    const who = await member({ phone, areaCode: '44' });
    const { secret } = (await http.post('member/totp/enrol', {}, { headers: who.headers })).json().data;
    await http.post('member/totp/confirm', { code: codeOf(secret) }, { headers: who.headers });
    const login = await http.post('member/login/phone', { phone, areaCode: '+44', password: 'secret1' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.token).toBeUndefined();
    const done = await secondFactor(login.json().data.challenge, codeOf(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.token).toEqual(expect.any(String));
  });

  it('refuses a replayed code: a code accepted once never opens again', async () => {
    const who = await enrolled();
    // The confirmation spent the code of this step.
    const replay = await secondFactor(await challengeOf(who.mail), codeOf(who.secret), 'de');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'TOTP_CODE_USED',
      message:
        'Dieser Code wurde bereits verwendet: Geben Sie den nächsten Code Ihrer Authenticator-App oder einen unbenutzten Wiederherstellungscode ein',
    });
    const challenge = await challengeOf(who.mail);
    expect((await secondFactor(challenge, codeOf(who.secret, 1))).statusCode).toBe(200);
    const again = await secondFactor(await challengeOf(who.mail), codeOf(who.secret, 1));
    expect(again.json().code).toBe('TOTP_CODE_USED');
  });

  it('lets two racing requests with one code open one session', async () => {
    const who = await enrolled();
    const [first, second] = [await challengeOf(who.mail), await challengeOf(who.mail)];
    const code = codeOf(who.secret, 1);
    const answers = await Promise.all([secondFactor(first, code), secondFactor(second, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('takes each recovery code once, typed in any case with or without dashes', async () => {
    const who = await enrolled();
    const [firstCode, secondCode] = who.recoveryCodes as [string, string];
    const typed = firstCode.replaceAll('-', '').toLowerCase();
    const done = await secondFactor(await challengeOf(who.mail), typed);
    expect(done.statusCode, done.body).toBe(200);
    const again = await secondFactor(await challengeOf(who.mail), firstCode, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'TOTP_CODE_USED',
      message:
        'This code has already been used: enter the next code from your authenticator app, or an unused recovery code',
    });
    expect((await secondFactor(await challengeOf(who.mail), ` ${secondCode.replaceAll('-', ' ')} `)).statusCode).toBe(
      200,
    );
  });

  it('locks the account after five wrong codes, then refuses the right code and the right password', async () => {
    const who = await enrolled();
    const challenge = await challengeOf(who.mail);
    const wrong = codeOf(who.secret, 1) === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await secondFactor(challenge, attempt % 2 ? wrong : 'ABCD-EFGH-JKMN-PQRS', 'de');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'SECOND_FACTOR_WRONG',
        message:
          'Der Code ist falsch: Geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Ihrer Wiederherstellungscodes ein',
      });
    }
    const fifth = await secondFactor(challenge, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('LOGIN_LOCKED');
    const right = await secondFactor(challenge, codeOf(who.secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('LOGIN_LOCKED');
    const password = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(password.statusCode).toBe(429);
    // The device list names them.
    const attempts = (await http.get('member/session/list', { headers: who.headers })).json().data.attempts;
    expect(attempts.slice(0, 3).map((attempt: { result: string }) => attempt.result)).toEqual([
      'locked',
      'locked',
      'lockout',
    ]);
  });

  it('refuses a challenge that is unknown, expired or used with another member’s code', async () => {
    const alice = await enrolled();
    const bob = await enrolled();
    const unknown = await secondFactor('A'.repeat(43), codeOf(alice.secret, 1), 'de');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'LOGIN_CHALLENGE_EXPIRED',
      message: 'Diese Anmeldung ist abgelaufen oder bereits abgeschlossen: Bitte melden Sie sich erneut an',
    });

    // Bob's challenge with Alice's code (or her recovery code) opens nothing.
    const bobs = await challengeOf(bob.mail);
    const crossed = await secondFactor(bobs, codeOf(alice.secret, 1));
    if (codeOf(alice.secret, 1) !== codeOf(bob.secret, 1)) expect(crossed.json().code).toBe('SECOND_FACTOR_WRONG');
    expect((await secondFactor(bobs, alice.recoveryCodes[0] ?? '')).json().code).toBe('SECOND_FACTOR_WRONG');
    // ... and Alice's codes still work for her.
    expect((await secondFactor(await challengeOf(alice.mail), alice.recoveryCodes[0] ?? '')).statusCode).toBe(200);

    const stale = await challengeOf(bob.mail);
    await t.app.db
      .update(memberLoginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberLoginChallenges.userId, bob.user.id));
    expect((await secondFactor(stale, codeOf(bob.secret, 1))).json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
  });

  it('refuses the older client’s login, which has no second step, once the password is right', async () => {
    const who = await enrolled();
    const legacy = await http.post('user/login', { username: who.mail, password: 'secret1' }, { lang: 'de' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual({
      code: 'TWO_STEP_LOGIN_REQUIRED',
      message:
        'Für dieses Konto ist die Anmeldung in zwei Schritten aktiviert: Bitte melden Sie sich auf der Soar-Website oder in der App an',
    });
    const wrong = await http.post('user/login', { username: who.mail, password: 'wrong1' });
    expect(wrong.json().code).toBe('LOGIN_FAILED');
  });

  it('refuses a frozen account at the second step', async () => {
    const who = await enrolled();
    const challenge = await challengeOf(who.mail);
    await t.app.db.update(users).set({ loginFrozen: true }).where(eq(users.id, who.user.id));
    expect((await secondFactor(challenge, codeOf(who.secret, 1))).json().code).toBe('ACCOUNT_FROZEN');
  });
});

describe('two-step sign-in: disable', () => {
  it('needs the password and a code, then the password alone signs in again', async () => {
    const who = await enrolled();
    const badPassword = await http.post(
      'member/totp/disable',
      { password: 'wrong1', code: codeOf(who.secret, 1) },
      { headers: who.headers, lang: 'de' },
    );
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({ code: 'PASSWORD_WRONG', message: 'Das aktuelle Passwort ist falsch' });
    const wrongCode = codeOf(who.secret, 1) === '000000' ? '111111' : '000000';
    const badCode = await http.post(
      'member/totp/disable',
      { password: 'secret1', code: wrongCode },
      { headers: who.headers, lang: 'en' },
    );
    expect(badCode.json()).toEqual({
      code: 'SECOND_FACTOR_WRONG',
      message: 'The code is wrong: enter the 6-digit code from your authenticator app or one of your recovery codes',
    });
    expect((await http.get('member/profile', { headers: who.headers })).json().data.totpEnabled).toBe(true);

    const off = await http.post(
      'member/totp/disable',
      { password: 'secret1', code: codeOf(who.secret, 1) },
      { headers: who.headers },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toBeNull();
    expect((await http.get('member/profile', { headers: who.headers })).json().data.totpEnabled).toBe(false);
    expect(
      await t.app.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, who.user.id)),
    ).toEqual([]);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, who.user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    const login = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(login.json().data.token).toEqual(expect.any(String));
    // Turning it off is a risky change: withdrawals wait for a day (docs/ledger.md, Withdrawal holds).
    const hold = (await http.get('withdraw/hold', { headers: who.headers })).json().data.hold;
    expect(hold).toMatchObject({ reason: 'totpOff' });
    expect(Date.parse(hold.endsAt) - Date.parse(hold.startedAt)).toBe(24 * 3_600_000);

    const again = await http.post(
      'member/totp/disable',
      { password: 'secret1', code: codeOf(who.secret, 1) },
      { headers: who.headers, lang: 'de' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'TOTP_NOT_ENABLED',
      message: 'Die Anmeldung in zwei Schritten ist nicht aktiviert',
    });
  });

  it('takes a recovery code instead of the app’s code, and ends pending challenges', async () => {
    const who = await enrolled();
    const pending = await challengeOf(who.mail);
    const off = await http.post(
      'member/totp/disable',
      { password: 'secret1', code: who.recoveryCodes[3] },
      { headers: who.headers },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await secondFactor(pending, codeOf(who.secret, 1))).json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
  });
});

describe('two-step sign-in: attacker input', () => {
  it.each([
    ['en', 'Enter the 6-digit code from your authenticator app or a recovery code', 'Verification code is not valid'],
    [
      'de',
      'Geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Wiederherstellungscode ein',
      'Bestätigungscode ist ungültig',
    ],
  ])('refuses NUL bytes, missing fields and huge strings with field messages (%s)', async (lang, message, nul) => {
    const who = await enrolled();
    const challenge = await challengeOf(who.mail);
    const cases: [unknown, string][] = [
      [`12345\u0000`, nul],
      [`${who.recoveryCodes[0]}\u0000`, nul],
      ['12345', message],
      ['1234567', message],
      ['x'.repeat(100_000), message],
      ['ABCD-EFGH-JKMN-PQRS-TVWX-YZ01', message],
    ];
    for (const [code, expected] of cases) {
      const res = await http.post('member/login/second-factor', { challenge, code }, { lang });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toEqual([expected]);
    }
    expect((await http.post('member/login/second-factor', { challenge, code: 123456 })).statusCode).toBe(422);
    for (const body of [{ challenge }, { code: codeOf(who.secret, 1) }, {}, null, 'challenge']) {
      const res = await http.post('member/login/second-factor', body, { lang });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const huge = await http.post('member/login/second-factor', { challenge: 'A'.repeat(100_000), code: '123456' });
    expect(huge.statusCode).toBe(422);
    const nulChallenge = await http.post('member/login/second-factor', {
      challenge: `${challenge.slice(0, 42)}\u0000`,
      code: '123456',
    });
    expect(nulChallenge.statusCode).toBe(422);
    for (const body of [{ code: `12345\u0000` }, { code: 'x'.repeat(10_000) }, {}]) {
      expect((await http.post('member/totp/confirm', body, { headers: who.headers })).statusCode).toBe(422);
      expect((await http.post('member/totp/disable', body, { headers: who.headers })).statusCode).toBe(422);
    }
    const hugePassword = await http.post(
      'member/totp/disable',
      { password: 'x'.repeat(100_000), code: codeOf(who.secret, 1) },
      { headers: who.headers },
    );
    expect(hugePassword.statusCode).toBe(422);
    // None of these counted as a wrong code: the right one still signs in.
    expect((await secondFactor(challenge, codeOf(who.secret, 1))).statusCode).toBe(200);
  });

  it('ignores extra fields: a body naming another member changes nothing', async () => {
    const alice = await enrolled();
    const bob = await member();
    const challenge = await challengeOf(alice.mail);
    const res = await http.post('member/login/second-factor', {
      challenge,
      code: codeOf(alice.secret, 1),
      userId: bob.user.id,
      uid: bob.user.uid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.uid).toBe(alice.user.uid);
    const enrol = await http.post('member/totp/enrol', { userId: alice.user.id }, { headers: bob.headers });
    expect(enrol.statusCode).toBe(200);
    expect(decodeURIComponent(new URL(enrol.json().data.otpauthUrl).pathname)).toContain(bob.mail);
  });
});

describe('two-step sign-in: reset by support (docs/admin.md, Members)', () => {
  it('shows the second factors on the member page; support resets them, audited, and a hold starts', async () => {
    const who = await enrolled();
    const support = await createOperator(t.app, { role: 'support' });
    const detail = async () =>
      (await http.get(`admin/user/detail?uid=${who.user.uid}`, { headers: support.headers })).json().data;
    expect((await detail()).secondFactors).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    expect((await detail()).secondFactors.totpLastUsedAt).toEqual(expect.any(String));

    const noReason = await http.post(
      'admin/user/totp/reset',
      { id: who.user.id, reason: ' ' },
      { headers: support.headers },
    );
    expect(noReason.statusCode).toBe(422);
    const finance = await createOperator(t.app, { role: 'finance' });
    const refused = await http.post(
      'admin/user/totp/reset',
      { id: who.user.id, reason: 'ID checked' },
      { headers: finance.headers },
    );
    expect(refused.statusCode).toBe(403);

    const reset = await http.post(
      'admin/user/totp/reset',
      { id: who.user.id, reason: 'Passport checked on a video call' },
      { headers: support.headers },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await detail()).secondFactors).toEqual({
      totp: false,
      totpEnabledAt: null,
      totpLastUsedAt: null,
      recoveryCodesLeft: 0,
      passkeys: 0,
      passkeyLastUsedAt: null,
    });
    const login = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(login.json().data.token).toEqual(expect.any(String));
    const hold = (await http.get('withdraw/hold', { headers: who.headers })).json().data.hold;
    expect(hold).toMatchObject({ reason: 'totpReset' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.totpReset'), eq(auditLog.entityId, String(who.user.id))));
    expect(entry?.operatorId).toBe(support.operator.id);
    expect(entry?.after).toMatchObject({ reason: 'Passport checked on a video call' });

    const again = await http.post(
      'admin/user/totp/reset',
      { id: who.user.id, reason: 'twice' },
      { headers: support.headers, lang: 'de' },
    );
    expect([again.statusCode, again.json().code]).toEqual([409, 'TOTP_NOT_ENABLED']);
    const unknown = await http.post(
      'admin/user/totp/reset',
      { id: 2 ** 31 - 1, reason: 'x' },
      { headers: support.headers },
    );
    expect(unknown.json().code).toBe('MEMBER_NOT_FOUND');
  });
});
