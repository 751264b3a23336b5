import { memberApi } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, users } from '../../db/schema/index.ts';
import { RecordingSender, unique, uniquePhone } from '../../test/accounts.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
const sender = new RecordingSender();
beforeAll(async () => {
  t = await createTestApp({}, { codeSender: sender });
  http = api(t.app);
});
afterAll(() => t.close());

async function registerByMail(mail: string, password = 'secret1', extra: Record<string, unknown> = {}) {
  const sent = await http.post('member/code/send', { type: 'email', mail, scene: 'register' });
  expect(sent.statusCode, sent.body).toBe(200);
  return http.post('member/register', {
    type: 'email',
    mail,
    code: sender.lastCode(mail),
    password,
    confirmPassword: password,
    agree: true,
    ...extra,
  });
}

describe('registration and login', () => {
  it('registers by mail, signs in at once, logs in, changes password, logs out', async () => {
    const mail = `${unique()}@example.test`;
    const registered = await registerByMail(mail);
    expect(registered.statusCode, registered.body).toBe(200);
    const answer = memberApi.register.response.parse(registered.json()).data;
    expect(answer.token).toMatch(/^[\w-]{43}$/);
    expect(answer.mail).toBe(`${mail[0]}***@example.test`);
    expect(answer).toMatchObject({ hasPayPassword: false, vip: false, kycStatus: null, phone: null });

    const profile = await http.get('member/profile', { headers: bearer(answer.token) });
    expect(profile.statusCode).toBe(200);
    expect(memberApi.profile.response.parse(profile.json()).data).toMatchObject({ uid: answer.uid, balances: [] });

    const login = await http.post('member/login', { mail: mail.toUpperCase(), password: 'secret1' });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    expect(token).not.toBe(answer.token);

    const changed = await http.post(
      'member/password/change',
      { oldPassword: 'secret1', password: 'secret2', confirmPassword: 'secret2' },
      { headers: bearer(token) },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // Changing the password signs the other devices out and keeps this one.
    expect((await http.get('member/profile', { headers: bearer(answer.token) })).statusCode).toBe(401);
    expect((await http.post('member/login', { mail, password: 'secret1' })).statusCode).toBe(400);
    expect((await http.post('member/login', { mail, password: 'secret2' })).statusCode).toBe(200);

    expect((await http.post('member/logout', {}, { headers: bearer(token) })).statusCode).toBe(200);
    const after = await http.get('member/profile', { headers: bearer(token), lang: 'de' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an' });
  });

  it('registers by phone and logs in by phone with or without the plus of the area code', async () => {
    const phone = uniquePhone();
    const sent = await http.post('member/code/send', { type: 'phone', phone, areaCode: '+86', scene: 'register' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ expiresIn: 600, resendIn: 60 });
    const destination = `+86 ${phone}`;
    expect(sender.messages.at(-1)).toMatchObject({ channel: 'phone', destination, scene: 'register' });
    const registered = await http.post('member/register', {
      type: 'phone',
      phone,
      areaCode: '86',
      code: sender.lastCode(destination),
      password: 'pass1234',
      confirmPassword: 'pass1234',
      agree: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({
      areaCode: '86',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      mail: null,
    });
    const login = await http.post('member/login/phone', { phone, areaCode: '+86', password: 'pass1234' });
    expect(login.statusCode, login.body).toBe(200);
    const answer = memberApi.phoneLogin.response.parse(login.json()).data;
    expect('uid' in answer && answer.uid).toBe(registered.json().data.uid);
  });

  it('answers a register code request for a registered mail alike but sends nothing, like reset for an unknown one', async () => {
    const mail = `${unique()}@example.test`;
    expect((await registerByMail(mail)).statusCode).toBe(200);
    const before = sender.messages.length;
    const again = await http.post('member/code/send', { type: 'email', mail, scene: 'register' }, { lang: 'fr' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ expiresIn: 600, resendIn: 60 });
    expect(sender.messages.length).toBe(before);
    const body = { type: 'email', password: 'secret1', confirmPassword: 'secret1', agree: true, code: '123456' };
    // Without a code that reached the mailbox, a registered mail answers like any other.
    const guessed = await http.post('member/register', { ...body, mail });
    const fresh = await http.post('member/register', { ...body, mail: `${unique()}@example.test` });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().code).toBe('CODE_EXPIRED');
    expect(fresh.json()).toEqual(guessed.json());
  });

  it('tells whoever holds a live register code that the mail was registered meanwhile (409)', async () => {
    const mail = `${unique()}@example.test`;
    expect((await http.post('member/code/send', { type: 'email', mail, scene: 'register' })).statusCode).toBe(200);
    const code = sender.lastCode(mail);
    await createMember(t.app, { mail });
    const taken = await http.post(
      'member/register',
      { type: 'email', mail, code, password: 'secret1', confirmPassword: 'secret1', agree: true },
      { lang: 'fr' },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'MAIL_REGISTERED', message: 'Cette adresse e-mail est déjà enregistrée' });
  });

  it('ties a new member to the inviter and refuses an unknown invite code', async () => {
    const inviter = (await registerByMail(`${unique()}@example.test`)).json().data;
    const invitedMail = `${unique()}@example.test`;
    const invited = await registerByMail(invitedMail, 'secret1', { inviteCode: inviter.inviteCode.toLowerCase() });
    expect(invited.statusCode, invited.body).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.mail, invitedMail));
    const [inviterRow] = await t.app.db.select().from(users).where(eq(users.uid, inviter.uid));
    expect(row?.inviterId).toBe(inviterRow?.id);

    const unknown = await registerByMail(`${unique()}@example.test`, 'secret1', { inviteCode: 'NOPE00' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'INVITE_CODE_UNKNOWN', message: 'The invite code does not exist' });
  });

  it('shows balances from the balances table as decimal strings', async () => {
    const registered = (await registerByMail(`${unique()}@example.test`)).json().data;
    const [row] = await t.app.db.select().from(users).where(eq(users.uid, registered.uid));
    if (!row) throw new Error('registered user missing');
    await t.app.db.insert(balances).values([
      { userId: row.id, currency: 'USD', available: '1234.50000000', frozen: '0' },
      { userId: row.id, currency: 'EUR', available: '0.1', frozen: '2.25' },
    ]);
    const profile = await http.get('member/profile', { headers: bearer(registered.token) });
    expect(profile.json().data.balances).toEqual([
      { currency: 'EUR', available: '0.1', frozen: '2.25' },
      { currency: 'USD', available: '1234.5', frozen: '0' },
    ]);
  });
});

describe('password reset and pay password', () => {
  it('resets the password with a resetpwd code and ends every session', async () => {
    const mail = `${unique()}@example.test`;
    const { token } = (await registerByMail(mail)).json().data;
    expect((await http.post('member/code/send', { type: 'email', mail, scene: 'resetpwd' })).statusCode).toBe(200);
    const code = sender.lastCode(mail);
    const reset = await http.post('member/password/reset', {
      type: 'email',
      mail,
      code,
      password: 'fresh123',
      confirmPassword: 'fresh123',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await http.get('member/profile', { headers: bearer(token) })).statusCode).toBe(401);
    expect((await http.post('member/login', { mail, password: 'secret1' })).statusCode).toBe(400);
    expect((await http.post('member/login', { mail, password: 'fresh123' })).statusCode).toBe(200);
    // The code was single-use.
    const again = await http.post('member/password/reset', {
      type: 'email',
      mail,
      code,
      password: 'other123',
      confirmPassword: 'other123',
    });
    expect(again.json().code).toBe('CODE_EXPIRED');
  });

  it('answers a reset code request for an unknown mail alike but sends nothing', async () => {
    const before = sender.messages.length;
    const mail = `${unique()}@example.test`;
    const sent = await http.post('member/code/send', { type: 'email', mail, scene: 'resetpwd' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ expiresIn: 600, resendIn: 60 });
    expect(sender.messages.length).toBe(before);
    const reset = await http.post('member/password/reset', {
      type: 'email',
      mail,
      code: '000000',
      password: 'fresh123',
      confirmPassword: 'fresh123',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('CODE_EXPIRED');
  });

  it('sets the pay password with a code sent to the account itself', async () => {
    const mail = `${unique()}@example.test`;
    const { token } = (await registerByMail(mail)).json().data;
    const noToken = await http.post('member/code/send', { type: 'email', scene: 'paypwd' });
    expect(noToken.statusCode).toBe(401);
    const noPhone = await http.post(
      'member/code/send',
      { type: 'phone', scene: 'paypwd' },
      { headers: bearer(token), lang: 'es' },
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toEqual({
      code: 'PHONE_NOT_BOUND',
      message: 'Esta cuenta no tiene ningún número de teléfono vinculado',
    });
    // The body's mail is ignored: the code goes to the account's own address.
    const sent = await http.post(
      'member/code/send',
      { type: 'email', mail: 'someone-else@example.test', scene: 'paypwd' },
      { headers: bearer(token) },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sender.messages.at(-1)).toMatchObject({ destination: mail, scene: 'paypwd' });
    const set = await http.post(
      'member/paypwd/set',
      { password: '2468', confirmPassword: '2468', code: sender.lastCode(mail) },
      { headers: bearer(token) },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((await http.get('member/profile', { headers: bearer(token) })).json().data.hasPayPassword).toBe(true);
  });
});
