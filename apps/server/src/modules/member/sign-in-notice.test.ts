import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSignOutLinks } from '../../db/schema/index.ts';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';
import { codeText } from './delivery.ts';
import { signInAlertsOf } from './sign-in-notice.ts';

const windowsChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** A British and an American address in DB-IP's country database. */
const london = '81.2.69.160';
const usa = '8.8.8.8';

let t: TestApp;
let http: ReturnType<typeof api>;
const sender = new RecordingSender();
beforeAll(async () => {
  t = await createTestApp({}, { codeSender: sender });
  http = api(t.app);
});
afterAll(() => t.close());

const settled = () => signInAlertsOf(t.app.bus)?.settled();

/** Registers from Chrome on Windows in London: the first session of the account. */
async function registered(ip = london, agent = windowsChrome) {
  const mail = `${unique()}@example.test`;
  const headers = { 'user-agent': agent };
  await http.post('member/code/send', { type: 'email', mail, scene: 'register' }, { ip, headers });
  const answer = await http.post(
    'member/register',
    { type: 'email', mail, code: sender.lastCode(mail), password: 'secret1', confirmPassword: 'secret1', agree: true },
    { ip, headers },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return { mail, token: answer.json().data.token as string };
}

async function login(mail: string, ip: string, agent: string, lang = 'en') {
  const answer = await http.post(
    'member/login',
    { mail, password: 'secret1' },
    { ip, lang, headers: { 'user-agent': agent } },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  await settled();
  return answer.json().data.token as string;
}

const mailsTo = (mail: string) => sender.mails.filter((m) => m.destination === mail && m.kind === 'signIn');
const tokenOf = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';

async function notices(token: string) {
  const answer = await http.get('notice/list', { headers: bearer(token) });
  return (answer.json().data.list as { kind: string; title: string; content?: string; body?: string }[]).filter(
    (n) => n.kind === 'signInNew',
  );
}

describe('new sign-in notice', () => {
  it('says nothing for the first sign-in, nor for a known device on a known network', async () => {
    const { mail, token } = await registered();
    await settled();
    await login(mail, london, windowsChrome);
    // Another address of the same /24: the same network.
    await login(mail, '81.2.69.7', windowsChrome.replace('131.0.0.0', '132.0.0.0'));
    expect(mailsTo(mail)).toEqual([]);
    expect(await notices(token)).toEqual([]);
  });

  it('tells of a new device by notice and mail, naming device, place and time, with a sign-out link', async () => {
    const { mail, token } = await registered();
    const newToken = await login(mail, london, iphoneSafari);
    const [sent] = mailsTo(mail);
    expect(sent?.subject).toBe('New sign-in to your Soar account');
    expect(sent?.text).toContain('Device: Safari · iOS');
    expect(sent?.text).toContain('Place: United Kingdom');
    expect(sent?.text).toMatch(/Time: .*2\d{3}.* UTC/);
    expect(sent?.text).toContain('/#/pages/session/revoke?token=');
    const [notice] = await notices(newToken);
    expect(JSON.stringify(notice)).toContain('Safari · iOS');
    expect(JSON.stringify(notice)).toContain('United Kingdom');
    expect(await notices(token)).toHaveLength(1);
  });

  it('tells of a known device on a new network, in the language of the sign-in', async () => {
    const { mail } = await registered();
    await login(mail, usa, windowsChrome, 'de');
    const [sent] = mailsTo(mail);
    expect(sent?.subject).toBe('Neue Anmeldung bei Ihrem Soar-Konto');
    expect(sent?.text).toContain('Ort: Vereinigte Staaten');
  });

  it('names private and loopback addresses "local network"', async () => {
    const { mail } = await registered();
    await login(mail, '10.20.30.40', androidChrome);
    await login(mail, '127.0.0.1', iphoneSafari);
    const texts = mailsTo(mail).map((m) => m.text);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain('Place: local network');
  });

  it('signs exactly that session out through the link, once, without being signed in', async () => {
    const { mail, token } = await registered();
    const intruder = await login(mail, usa, androidChrome);
    const link = tokenOf(mailsTo(mail)[0]?.text ?? '');
    const used = await http.post('member/session/revoke-link', { token: link });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.device).toBe('Chrome · Android');
    expect((await http.get('member/profile', { headers: bearer(intruder) })).statusCode).toBe(401);
    expect((await http.get('member/profile', { headers: bearer(token) })).statusCode).toBe(200);
    const again = await http.post('member/session/revoke-link', { token: link }, { lang: 'de' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: 'SIGN_OUT_LINK_INVALID',
      message:
        'Dieser Abmeldelink funktioniert nicht mehr: Er wurde benutzt, ist abgelaufen oder die Sitzung ist bereits beendet.',
    });
  });

  it('refuses an expired link and leaves its session live', async () => {
    const { mail } = await registered();
    const other = await login(mail, usa, iphoneSafari);
    const link = tokenOf(mailsTo(mail)[0]?.text ?? '');
    await t.app.db.update(memberSignOutLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await http.post('member/session/revoke-link', { token: link }, { lang: 'en' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      'This sign-out link no longer works: it was used, it expired, or that session has already ended.',
    );
    expect((await http.get('member/profile', { headers: bearer(other) })).statusCode).toBe(200);
    const unknown = await http.post('member/session/revoke-link', { token: 'not-a-token' });
    expect(unknown.json().code).toBe('SIGN_OUT_LINK_INVALID');
  });
});

describe('sign out all other sessions', () => {
  it('ends every session but this one and tells the sockets', async () => {
    const { mail, token } = await registered();
    const others = [await login(mail, london, windowsChrome), await login(mail, usa, iphoneSafari)];
    const heard: number[] = [];
    const stop = t.app.bus.on('sessions', (event) => heard.push(event.userId));
    const answer = await http.post('member/session/revoke-others', {}, { headers: bearer(token) });
    stop();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({ revoked: 2 });
    expect(heard).toHaveLength(1);
    expect((await http.get('member/profile', { headers: bearer(token) })).statusCode).toBe(200);
    for (const other of others)
      expect((await http.get('member/profile', { headers: bearer(other) })).statusCode).toBe(401);
    const list = await http.get('member/session/list', { headers: bearer(token) });
    expect(list.json().data.sessions).toHaveLength(1);
  });
});

describe('anti-phishing phrase', () => {
  it('is printed in every mail to the member, and in none to an address with no member', async () => {
    const { mail, token } = await registered();
    expect((await http.get('member/mail-phrase', { headers: bearer(token) })).json().data).toEqual({ phrase: null });
    const set = await http.post('member/mail-phrase/set', { phrase: '  blue falcon 42 ' }, { headers: bearer(token) });
    expect(set.json().data).toEqual({ phrase: 'blue falcon 42' });
    expect((await http.get('member/mail-phrase', { headers: bearer(token) })).json().data).toEqual({
      phrase: 'blue falcon 42',
    });

    await http.post('member/code/send', { type: 'email', scene: 'paypwd' }, { headers: bearer(token) });
    const code = sender.messages.findLast((m) => m.destination === mail);
    expect(code?.phrase).toBe('blue falcon 42');
    expect(code && codeText(code).text).toMatch(/^Your anti-phishing phrase: blue falcon 42\n\n/);

    await login(mail, usa, androidChrome);
    expect(mailsTo(mail)[0]?.text).toMatch(/^Your anti-phishing phrase: blue falcon 42\n\n/);

    const stranger = `${unique()}@example.test`;
    await http.post('member/code/send', { type: 'email', mail: stranger, scene: 'register' });
    const registration = sender.messages.findLast((m) => m.destination === stranger);
    expect(registration?.phrase).toBeUndefined();
    expect(registration && codeText(registration).text).not.toContain('anti-phishing');
  });

  it('refuses NUL bytes, control characters, line breaks, an empty or a too long phrase, in en and de', async () => {
    const { token } = await registered();
    for (const phrase of ['tab\there', 'two\nlines', '   ', '', 'x'.repeat(33), 'a\u202eb']) {
      const en = await http.post('member/mail-phrase/set', { phrase }, { headers: bearer(token), lang: 'en' });
      expect(en.statusCode, JSON.stringify(phrase)).toBe(422);
      expect(en.body).toContain('The phrase has 1 to 32 printable characters (no control characters or line breaks)');
    }
    const de = await http.post(
      'member/mail-phrase/set',
      { phrase: 'a\u0007b' },
      { headers: bearer(token), lang: 'de' },
    );
    expect(de.statusCode).toBe(422);
    expect(de.body).toContain('Der Satz hat 1 bis 32 druckbare Zeichen (keine Steuerzeichen oder Zeilenumbrüche)');
    // A NUL byte is refused before the contract sees it, as in every call (plugins/validation.ts).
    for (const lang of ['en', 'de']) {
      const nul = await http.post('member/mail-phrase/set', { phrase: 'a\u0000b' }, { headers: bearer(token), lang });
      expect(nul.statusCode).toBe(422);
      expect(nul.json().message).toEqual([
        lang === 'en' ? 'Anti-phishing phrase is not valid' : 'Anti-Phishing-Satz ist ungültig',
      ]);
    }
    const longest = await http.post('member/mail-phrase/set', { phrase: '猫'.repeat(32) }, { headers: bearer(token) });
    expect(longest.statusCode).toBe(200);
  });
});
