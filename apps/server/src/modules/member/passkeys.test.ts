import { memberApi, passkeyApi } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { memberPasskeyChallenges, memberPasskeys, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { SoftAuthenticator } from '../../test/authenticator.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';
import { signInAlertsOf } from './sign-in-notice.ts';

const origin = 'http://localhost:3000';
const rpId = 'localhost';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const windowsChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let http: ReturnType<typeof api>;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({ publicOrigin: origin }, { codeSender: new RecordingSender() });
  http = api(t.app);
  passwordHash = await hashPassword('secret1');
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;

async function member() {
  const mail = `${unique()}@example.test`;
  const created = await createMember(t.app, { mail, passwordHash });
  return { ...created, mail };
}

async function registerOptions(who: Member) {
  const answer = await http.post('member/passkey/register/options', { password: 'secret1' }, { headers: who.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return passkeyApi.passkeyRegisterOptions.response.parse(answer.json()).data.options;
}

/** A member's new passkey, added through the API as the settings page does. */
async function withPasskey(who: Member, name = 'My phone') {
  const device = new SoftAuthenticator(rpId, origin);
  const options = await registerOptions(who);
  const added = await http.post(
    'member/passkey/register',
    { name, response: device.attest(options) },
    { headers: who.headers },
  );
  expect(added.statusCode, added.body).toBe(200);
  return { device, passkey: added.json().data as { id: number; name: string } };
}

async function signInOptions() {
  const answer = await http.post('member/passkey/sign-in/options');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.options as { challenge: string; allowCredentials?: unknown[]; userVerification: string };
}

const signIn = (response: unknown, options: { lang?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  http.post('member/passkey/sign-in', { response }, options);

const list = async (who: Member) =>
  (await http.get('member/passkey/list', { headers: who.headers })).json().data.passkeys as {
    id: number;
    name: string;
    createdAt: string;
    lastUsedAt: string | null;
  }[];

describe('passkeys: adding one', () => {
  it('asks for the password, then keeps the verified passkey with its name, key and counter', async () => {
    const who = await member();
    const wrong = await http.post(
      'member/passkey/register/options',
      { password: 'wrong1' },
      { headers: who.headers, lang: 'de' },
    );
    expect(wrong.json()).toEqual({ code: 'PASSWORD_WRONG', message: 'Das aktuelle Passwort ist falsch' });

    const options = await registerOptions(who);
    expect(options.rp).toEqual({ id: rpId, name: expect.any(String) });
    expect(options.user.name).toBe(who.mail);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    const device = new SoftAuthenticator(rpId, origin);
    const response = device.attest(options);
    const added = await http.post(
      'member/passkey/register',
      { name: '  My phone ', response },
      { headers: who.headers },
    );
    expect(added.statusCode, added.body).toBe(200);
    const item = passkeyApi.passkeyRegister.response.parse(added.json()).data;
    expect(item).toMatchObject({ name: 'My phone', lastUsedAt: null });
    expect(await list(who)).toEqual([item]);
    const [row] = await t.app.db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, who.user.id));
    expect(row).toMatchObject({ credentialId: device.credentialId, counter: 0, transports: ['internal'] });
    expect(row?.publicKey).toMatch(/^[\w-]{40,}$/);
    // The member is told, in their language, with a link to the passkeys page.
    const notices = await http.get('notice/list', { headers: who.headers, lang: 'de' });
    expect(notices.json().data.list).toEqual([
      expect.objectContaining({
        kind: 'passkeyAdded',
        title: 'Passkey hinzugefügt',
        body: expect.stringContaining('„My phone“'),
        reference: `passkey:${item.id}`,
      }),
    ]);

    // The options answer once: the same answer again adds nothing.
    const replay = await http.post('member/passkey/register', { name: 'Again', response }, { headers: who.headers });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'PASSKEY_CHALLENGE_EXPIRED']);
    // New options exclude it, and a device that answers anyway is refused.
    const next = await registerOptions(who);
    expect(next.excludeCredentials?.map((entry) => entry.id)).toEqual([device.credentialId]);
    expect(next.user.id).toBe(options.user.id);
    const twice = await http.post(
      'member/passkey/register',
      { name: 'Twice', response: device.attest(next) },
      { headers: who.headers },
    );
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'PASSKEY_ALREADY_ADDED']);
  });

  it('refuses options made for another member, another origin or another relying party', async () => {
    const alice = await member();
    const bob = await member();
    const options = await registerOptions(alice);
    const stolen = await http.post(
      'member/passkey/register',
      { name: 'Bob', response: new SoftAuthenticator(rpId, origin).attest(options) },
      { headers: bob.headers },
    );
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const phishing = await http.post(
      'member/passkey/register',
      { name: 'x', response: new SoftAuthenticator(rpId, 'https://soar.example').attest(await registerOptions(alice)) },
      { headers: alice.headers, lang: 'en' },
    );
    expect(phishing.json()).toEqual({
      code: 'PASSKEY_ORIGIN_WRONG',
      message: 'This passkey answer was made for another website than Soar: open Soar at its own address and try again',
    });
    const otherRp = await http.post(
      'member/passkey/register',
      { name: 'x', response: new SoftAuthenticator('soar.example', origin).attest(await registerOptions(alice)) },
      { headers: alice.headers },
    );
    expect([otherRp.statusCode, otherRp.json().code]).toEqual([400, 'PASSKEY_ORIGIN_WRONG']);
    const expired = await registerOptions(alice);
    await t.app.db
      .update(memberPasskeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberPasskeyChallenges.userId, alice.user.id));
    const late = await http.post(
      'member/passkey/register',
      { name: 'x', response: new SoftAuthenticator(rpId, origin).attest(expired) },
      { headers: alice.headers },
    );
    expect(late.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await list(alice)).toEqual([]);
  });

  it('holds at most ten passkeys', async () => {
    const who = await member();
    for (let n = 0; n < 10; n += 1) await withPasskey(who, `Key ${n}`);
    const options = await http.post(
      'member/passkey/register/options',
      { password: 'secret1' },
      { headers: who.headers, lang: 'en' },
    );
    expect(options.json()).toEqual({
      code: 'PASSKEY_LIMIT',
      message: 'You can have at most 10 passkeys: remove one before adding another',
    });
  });
});

describe('passkeys: signing in', () => {
  it('signs in without a name or password, as every login answers, and counts the use', async () => {
    const who = await member();
    const { device } = await withPasskey(who);
    // The first sign-in of the account, from Windows: the device the new-sign-in notice knows.
    const first = await http.post(
      'member/login',
      { mail: who.mail, password: 'secret1' },
      { ip: '81.2.69.160', headers: { 'user-agent': windowsChrome } },
    );
    expect(first.statusCode).toBe(200);
    await signInAlertsOf(t.app.bus)?.settled();

    const options = await signInOptions();
    expect(options).toMatchObject({ allowCredentials: [], userVerification: 'required', rpId });
    const answer = await signIn(device.assert(options), { ip: '8.8.8.8', headers: { 'user-agent': iphoneSafari } });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = memberApi.login.response.parse(answer.json()).data;
    if (!('token' in data)) throw new Error('no token');
    expect(data.mail).toContain('***');
    expect((await http.get('member/profile', { headers: bearer(data.token) })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, who.user.id));
    expect(row?.counter).toBe(1);
    expect((await list(who))[0]?.lastUsedAt).toEqual(expect.any(String));
    // The device list shows it; a new device and network get the notice as a password sign-in would.
    const attempts = (await http.get('member/session/list', { headers: who.headers })).json().data.attempts;
    expect(attempts[0]).toMatchObject({ result: 'success', ip: '8.8.8.8' });
    await signInAlertsOf(t.app.bus)?.settled();
    const notices = (await http.get('notice/list', { headers: who.headers })).json().data.list as { kind: string }[];
    expect(notices.map((notice) => notice.kind)).toContain('signInNew');

    // The options answered once.
    const replay = await signIn(device.assert(options));
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'PASSKEY_CHALLENGE_EXPIRED']);
    // Two requests racing with one answer open one session.
    const raced = device.assert(await signInOptions());
    const answers = await Promise.all([signIn(raced), signIn(raced)]);
    expect(answers.map((each) => each.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a copied passkey (counter back), an unknown one, a wrong origin or relying party, no user verification', async () => {
    const who = await member();
    const { device } = await withPasskey(who);
    expect((await signIn(device.assert(await signInOptions()))).statusCode).toBe(200);
    const back = await signIn(device.assert(await signInOptions(), { counter: 1 }), { lang: 'de' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({
      code: 'PASSKEY_COUNTER_REGRESSED',
      message:
        'Dieser Passkey meldet weniger Verwendungen als zuvor und wurde möglicherweise kopiert: Melden Sie sich anders an und entfernen Sie ihn in den Einstellungen',
    });
    const stranger = new SoftAuthenticator(rpId, origin);
    const unknown = await signIn(stranger.assert(await signInOptions()), { lang: 'en' });
    expect(unknown.json()).toEqual({
      code: 'PASSKEY_UNKNOWN',
      message: 'This passkey is not registered with your Soar account: sign in another way, or add it in Settings',
    });
    const phished = await signIn(device.assert(await signInOptions(), { origin: 'https://soar.example' }));
    expect(phished.json().code).toBe('PASSKEY_ORIGIN_WRONG');
    const otherRp = await signIn(device.assert(await signInOptions(), { rpId: 'example.com' }));
    expect(otherRp.json().code).toBe('PASSKEY_ORIGIN_WRONG');
    const unverified = await signIn(device.assert(await signInOptions(), { uv: false }));
    expect(unverified.json().code).toBe('PASSKEY_NOT_VERIFIED');
  });

  it('refuses a bad signature, a wrong type and another member’s handle; five refusals lock the account', async () => {
    const who = await member();
    const { device } = await withPasskey(who);
    const stranger = new SoftAuthenticator(rpId, origin);
    const forged = device.assert(await signInOptions());
    forged.response.signature = stranger.assert({ challenge: 'x' }).response.signature;
    expect((await signIn(forged)).json().code).toBe('PASSKEY_INVALID');
    const wrongType = await signIn(device.assert(await signInOptions(), { type: 'webauthn.create' }));
    expect(wrongType.json().code).toBe('PASSKEY_INVALID');
    const handle = device.assert(await signInOptions());
    handle.response.userHandle = 'c29tZW9uZS1lbHNl';
    expect((await signIn(handle)).json().code).toBe('PASSKEY_UNKNOWN');
    expect((await signIn(device.assert(await signInOptions(), { uv: false }))).json().code).toBe(
      'PASSKEY_NOT_VERIFIED',
    );
    // The fifth refusal of a known passkey locks the account, as wrong passwords do; then even the right answer waits.
    const fifth = await signIn(device.assert(await signInOptions(), { uv: false }));
    expect([fifth.statusCode, fifth.json().code]).toEqual([429, 'LOGIN_LOCKED']);
    const right = await signIn(device.assert(await signInOptions()));
    expect([right.statusCode, right.json().code]).toEqual([429, 'LOGIN_LOCKED']);
    const password = await http.post('member/login', { mail: who.mail, password: 'secret1' });
    expect(password.statusCode).toBe(429);
  });

  it('refuses a frozen account', async () => {
    const who = await member();
    const { device } = await withPasskey(who);
    await t.app.db.update(users).set({ loginFrozen: true }).where(eq(users.id, who.user.id));
    expect((await signIn(device.assert(await signInOptions()))).json().code).toBe('ACCOUNT_FROZEN');
  });
});

const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30, algorithm: 'sha1', digits: 6, period: 30 });

async function withTotp(who: Member) {
  const { secret } = (await http.post('member/totp/enrol', {}, { headers: who.headers })).json().data;
  expect((await http.post('member/totp/confirm', { code: codeOf(secret) }, { headers: who.headers })).statusCode).toBe(
    200,
  );
}

async function loginChallenge(who: Member) {
  const login = await http.post('member/login', { mail: who.mail, password: 'secret1' });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.challenge as string;
}

async function secondStepOptions(challenge: string) {
  const answer = await http.post('member/passkey/second-step/options', { challenge });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.options as { challenge: string; allowCredentials: { id: string }[] };
}

const secondStep = (challenge: string, response: unknown) =>
  http.post('member/passkey/second-step', { challenge, response });

describe('passkeys: the second step', () => {
  it('answers the login challenge with one of the member’s passkeys instead of a code', async () => {
    const who = await member();
    const { device } = await withPasskey(who);
    await withTotp(who);
    const challenge = await loginChallenge(who);
    const options = await secondStepOptions(challenge);
    expect(options.allowCredentials.map((entry) => entry.id)).toEqual([device.credentialId]);
    const done = await secondStep(challenge, device.assert(options));
    expect(done.statusCode, done.body).toBe(200);
    expect(memberApi.secondFactor.response.parse(done.json()).data).toMatchObject({ totpEnabled: true });
    // The login challenge is spent with the session it opened.
    expect((await http.post('member/passkey/second-step/options', { challenge })).json().code).toBe(
      'LOGIN_CHALLENGE_EXPIRED',
    );
    expect((await http.post('member/login/second-factor', { challenge, code: '123456' })).json().code).toBe(
      'LOGIN_CHALLENGE_EXPIRED',
    );

    // A passkey sign-in stands for both steps: no code after it.
    const direct = await signIn(device.assert(await signInOptions()));
    expect(direct.json().data.token).toEqual(expect.any(String));
  });

  it('refuses another member’s passkey, options of another login, and a member without passkeys', async () => {
    const alice = await member();
    const bob = await member();
    await withPasskey(alice);
    const { device: bobsDevice } = await withPasskey(bob);
    await withTotp(alice);
    const challenge = await loginChallenge(alice);
    const options = await secondStepOptions(challenge);
    const crossed = await secondStep(challenge, bobsDevice.assert(options));
    expect([crossed.statusCode, crossed.json().code]).toEqual([400, 'PASSKEY_UNKNOWN']);
    // Options belong to their login challenge.
    const other = await loginChallenge(alice);
    const mixed = await secondStep(other, bobsDevice.assert(await secondStepOptions(challenge)));
    expect(mixed.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    // No session was opened for Alice by any of these: the challenge still waits.
    expect((await http.post('member/passkey/second-step/options', { challenge })).statusCode).toBe(200);

    const carol = await member();
    await withTotp(carol);
    const none = await http.post('member/passkey/second-step/options', { challenge: await loginChallenge(carol) });
    expect(none.json().code).toBe('PASSKEY_UNKNOWN');
    const unknown = await http.post('member/passkey/second-step/options', { challenge: 'A'.repeat(43) });
    expect(unknown.json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
  });
});

describe('passkeys: rename and remove', () => {
  it('renames and removes only the member’s own, with the password, and holds withdrawals', async () => {
    const alice = await member();
    const bob = await member();
    const { device, passkey } = await withPasskey(alice);
    const renamed = await http.post(
      'member/passkey/rename',
      { id: passkey.id, name: 'Laptop' },
      { headers: alice.headers },
    );
    expect(renamed.json().data).toMatchObject({ id: passkey.id, name: 'Laptop' });
    for (const [url, body] of [
      ['member/passkey/rename', { id: passkey.id, name: 'Mine now' }],
      ['member/passkey/remove', { id: passkey.id, password: 'secret1' }],
    ] as const) {
      const refused = await http.post(url, body, { headers: bob.headers, lang: 'en' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'PASSKEY_NOT_FOUND', message: 'This passkey no longer exists' });
    }
    expect((await list(alice)).map((item) => item.name)).toEqual(['Laptop']);

    const badPassword = await http.post(
      'member/passkey/remove',
      { id: passkey.id, password: 'wrong1' },
      { headers: alice.headers },
    );
    expect(badPassword.json().code).toBe('PASSWORD_WRONG');
    const removed = await http.post(
      'member/passkey/remove',
      { id: passkey.id, password: 'secret1' },
      { headers: alice.headers },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await list(alice)).toEqual([]);
    const hold = (await http.get('withdraw/hold', { headers: alice.headers })).json().data.hold;
    expect(hold).toMatchObject({ reason: 'passkeyRemoved' });
    const again = await http.post(
      'member/passkey/remove',
      { id: passkey.id, password: 'secret1' },
      { headers: alice.headers },
    );
    expect(again.json().code).toBe('PASSKEY_NOT_FOUND');
    expect((await signIn(device.assert(await signInOptions()))).json().code).toBe('PASSKEY_UNKNOWN');
  });

  it('shows the back office how many passkeys a member has and when one was last used', async () => {
    const who = await member();
    const support = await createOperator(t.app, { role: 'support' });
    const factors = async () =>
      (await http.get(`admin/user/detail?uid=${who.user.uid}`, { headers: support.headers })).json().data.secondFactors;
    expect(await factors()).toMatchObject({ passkeys: 0, passkeyLastUsedAt: null });
    const { device } = await withPasskey(who);
    await withPasskey(who, 'Second');
    expect(await factors()).toMatchObject({ passkeys: 2, passkeyLastUsedAt: null });
    await signIn(device.assert(await signInOptions()));
    expect((await factors()).passkeyLastUsedAt).toEqual(expect.any(String));
  });
});

describe('passkeys: attacker input', () => {
  it('refuses NUL bytes, control characters, empty and overlong names, huge ids, malformed answers', async () => {
    const who = await member();
    const { passkey } = await withPasskey(who);
    const names = ['', '   ', 'x'.repeat(65), 'x'.repeat(100_000), 'a\u0000b', 'line\nbreak', 'bidi\u202e'];
    for (const name of names) {
      const res = await http.post(
        'member/passkey/rename',
        { id: passkey.id, name },
        { headers: who.headers, lang: 'en' },
      );
      expect(res.statusCode, JSON.stringify(name).slice(0, 40)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const bad = await http.post(
      'member/passkey/rename',
      { id: passkey.id, name: 'line\nbreak' },
      { headers: who.headers, lang: 'de' },
    );
    expect(bad.json().message).toEqual([
      'Der Name hat 1 bis 64 druckbare Zeichen (keine Steuerzeichen oder Zeilenumbrüche)',
    ]);
    expect(
      (await http.post('member/passkey/rename', { id: passkey.id, name: '漢'.repeat(64) }, { headers: who.headers }))
        .statusCode,
    ).toBe(200);
    for (const id of [2 ** 31, -1, 0, 1.5, '1; drop table users', 10 ** 16]) {
      const res = await http.post('member/passkey/rename', { id, name: 'x' }, { headers: who.headers });
      expect(res.statusCode, String(id)).toBe(422);
    }
    expect(
      (await http.post('member/passkey/rename', { id: 2 ** 31 - 1, name: 'x' }, { headers: who.headers })).statusCode,
    ).toBe(404);

    const options = await registerOptions(who);
    const good = new SoftAuthenticator(rpId, origin).attest(options);
    const broken: unknown[] = [
      { ...good, id: `${good.id}\u0000` },
      { ...good, type: 'password' },
      { ...good, response: { ...good.response, clientDataJSON: 'not base64!' } },
      { ...good, response: { ...good.response, attestationObject: 'A'.repeat(20_000) } },
      { ...good, response: { clientDataJSON: good.response.clientDataJSON } },
      'response',
      null,
    ];
    for (const response of broken) {
      const res = await http.post('member/passkey/register', { name: 'x', response }, { headers: who.headers });
      expect(res.statusCode, JSON.stringify(response).slice(0, 80)).toBe(422);
    }
    // Well-formed base64url that is not JSON: a 4xx, never a 500; the options still answer once.
    const garbage = await http.post(
      'member/passkey/register',
      { name: 'x', response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } },
      { headers: who.headers },
    );
    expect([garbage.statusCode, garbage.json().code]).toEqual([400, 'PASSKEY_INVALID']);
    // Extra fields change nothing: not whose passkey it becomes.
    const bob = await member();
    const extra = await http.post(
      'member/passkey/register',
      { name: 'x', response: good, userId: bob.user.id },
      { headers: who.headers },
    );
    expect(extra.statusCode, extra.body).toBe(200);
    expect(await list(bob)).toEqual([]);
    for (const body of [{ response: 'x' }, { response: { id: 'a' } }, {}]) {
      expect((await http.post('member/passkey/sign-in', body)).statusCode).toBe(422);
      expect((await http.post('member/passkey/second-step', body)).statusCode).toBe(422);
    }
    expect(
      (
        await http.post(
          'member/passkey/remove',
          { id: passkey.id, password: 'x'.repeat(10_000) },
          { headers: who.headers },
        )
      ).statusCode,
    ).toBe(422);
  });

  it('needs a session to list, add, rename and remove', async () => {
    for (const url of [
      'member/passkey/register/options',
      'member/passkey/register',
      'member/passkey/rename',
      'member/passkey/remove',
    ]) {
      expect((await http.post(url, {})).statusCode, url).toBe(401);
    }
    expect((await http.get('member/passkey/list')).statusCode).toBe(401);
  });
});

describe('passkeys: configuration', () => {
  it('binds passkeys to the host of PUBLIC_ORIGIN unless WEBAUTHN_RP_ID names it or a parent', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://app.soar.example' }).webauthnRpId).toBe('app.soar.example');
    expect(loadConfig({ PORT: '3700' }).webauthnRpId).toBe('localhost');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://app.soar.example', WEBAUTHN_RP_ID: 'soar.example' }).webauthnRpId).toBe(
      'soar.example',
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://app.soar.example', WEBAUTHN_RP_ID: 'evil.example' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://soar.example' })).toThrow(/WEBAUTHN_RP_ID/);
  });
});
