import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api, bearer } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp({}, { codeSender: new RecordingSender() });
  http = api(t.app);
});
afterAll(() => t.close());

const registration = (fields: Record<string, unknown>) => ({
  type: 'email',
  mail: `${unique()}@example.test`,
  code: '123456',
  password: 'secret1',
  confirmPassword: 'secret1',
  agree: true,
  ...fields,
});

async function problems(url: string, body: unknown, lang: string, headers: Record<string, string> = {}) {
  const res = await http.post(url, body, { lang, headers });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  return res.json().message as string[];
}

describe('account rules (docs/product.md section 5), in English and German', () => {
  it.each([
    ['en', 'The password has 4 to 16 characters'],
    ['de', 'Das Passwort muss 4 bis 16 Zeichen lang sein'],
  ])('a password under 4 or over 16 characters is refused (%s)', async (lang, message) => {
    for (const password of ['abc', 'x'.repeat(17)]) {
      expect(await problems('member/register', registration({ password, confirmPassword: password }), lang)).toEqual([
        message,
      ]);
    }
  });

  it.each([
    ['en', 'The two passwords differ'],
    ['de', 'Die beiden Passworteingaben stimmen nicht überein'],
  ])('the two entries must match, reported on confirmPassword (%s)', async (lang, message) => {
    expect(await problems('member/register', registration({ confirmPassword: 'secret2' }), lang)).toEqual([message]);
    expect(await problems('member/password/reset', registration({ confirmPassword: 'other1' }), lang)).toEqual([
      message,
    ]);
  });

  it.each([
    ['en', 'Enter an email address such as name@example.com', 'Email is required'],
    ['de', 'Geben Sie eine E-Mail-Adresse wie name@example.com ein', 'E-Mail ist erforderlich'],
  ])('a mail must be a valid address and is required for type email (%s)', async (lang, invalid, required) => {
    expect(await problems('member/register', registration({ mail: 'not-a-mail' }), lang)).toEqual([invalid]);
    expect(await problems('member/register', registration({ mail: undefined }), lang)).toEqual([required]);
    expect(await problems('member/login', { mail: 'nope', password: 'secret1' }, lang)).toEqual([invalid]);
  });

  it.each([
    ['en', 'Please tick and agree'],
    ['de', 'Bitte ankreuzen und zustimmen'],
  ])('the terms must be ticked (%s)', async (lang, message) => {
    expect(await problems('member/register', registration({ agree: false }), lang)).toEqual([message]);
    expect(await problems('member/register', registration({ agree: undefined }), lang)).toEqual([message]);
  });

  it.each([
    ['en', ['Please enter a valid phone number (digits only)', 'The area code is 1 to 4 digits, such as +44']],
    [
      'de',
      [
        'Bitte geben Sie eine gültige Telefonnummer ein (nur Ziffern)',
        'Die Ländervorwahl hat 1 bis 4 Ziffern, z. B. +49',
      ],
    ],
  ])('a phone has digits only and the area code one to four digits (%s)', async (lang, messages) => {
    const body = { type: 'phone', phone: '138-1234', areaCode: '86x', scene: 'register' };
    expect(await problems('member/code/send', body, lang)).toEqual(messages);
    expect(
      await problems('member/login/phone', { phone: 'abc', areaCode: '12345', password: 'secret1' }, lang),
    ).toEqual(messages);
  });

  it.each([
    ['en', ['Phone is required', 'Area code is required']],
    ['de', ['Telefon ist erforderlich', 'Vorwahl ist erforderlich']],
  ])('type phone requires phone and area code (%s)', async (lang, messages) => {
    expect(await problems('member/code/send', { type: 'phone', scene: 'register' }, lang)).toEqual(messages);
  });

  it.each([
    ['en', 'The verification code has 6 digits'],
    ['de', 'Der Bestätigungscode hat 6 Ziffern'],
  ])('a code is six digits (%s)', async (lang, message) => {
    expect(await problems('member/register', registration({ code: '12345' }), lang)).toEqual([message]);
  });

  it('names each missing field, and a pay password follows the password rules', async () => {
    expect(await problems('member/login', {}, 'en')).toEqual(['Email is required', 'Password is required']);
    const member = await createMember(t.app);
    expect(
      await problems(
        'member/paypwd/set',
        { password: '12', confirmPassword: '12', code: '123456' },
        'de',
        member.headers,
      ),
    ).toEqual(['Das Passwort muss 4 bis 16 Zeichen lang sein']);
    expect(
      await problems('member/paypwd/set', { password: '1234', confirmPassword: '4321', code: '123456' }, 'en', {
        ...bearer(member.token),
      }),
    ).toEqual(['The two passwords differ']);
  });

  it('an unknown scene or contact type is refused', async () => {
    const res = await http.post('member/code/send', { type: 'fax', scene: 'spam' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toHaveLength(2);
  });
});
