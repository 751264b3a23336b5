import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.ts';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
const sender = new RecordingSender();
beforeAll(async () => {
  t = await createTestApp({}, { codeSender: sender });
  http = api(t.app);
});
afterAll(() => t.close());

async function sendRegisterCode(mail: string, lang = 'en') {
  const res = await http.post('member/code/send', { type: 'email', mail, scene: 'register' }, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return sender.lastCode(mail);
}

const register = (mail: string, code: string, lang = 'en') =>
  http.post(
    'member/register',
    { type: 'email', mail, code, password: 'secret1', confirmPassword: 'secret1', agree: true },
    { lang },
  );

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verification codes', () => {
  it('are six digits, stored only as a digest, and sent in the language of the request', async () => {
    const mail = `${unique()}@example.test`;
    const code = await sendRegisterCode(mail, 'ja');
    expect(code).toMatch(/^\d{6}$/);
    expect(sender.messages.at(-1)).toMatchObject({ channel: 'email', lang: 'ja', validMinutes: 10 });
    const [row] = await t.app.db.select().from(verificationCodes).where(eq(verificationCodes.destination, mail));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(row?.expiresAt.getTime()).toBe((row?.sentAt.getTime() ?? 0) + 10 * 60 * 1000);
  });

  it('expire after ten minutes', async () => {
    const mail = `${unique()}@example.test`;
    const code = await sendRegisterCode(mail);
    await t.app.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.destination, mail));
    const res = await register(mail, code, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Der Bestätigungscode ist abgelaufen oder ungültig, bitte fordern Sie einen neuen an',
    });
  });

  it('count wrong tries and die on the fifth, even for the right code afterwards', async () => {
    const mail = `${unique()}@example.test`;
    const code = await sendRegisterCode(mail);
    for (const remaining of [4, 3, 2, 1]) {
      const res = await register(mail, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'CODE_WRONG',
        message: `The verification code is wrong, ${remaining} tries left`,
      });
    }
    const fifth = await register(mail, wrongCode(code), 'fr');
    expect(fifth.json()).toEqual({
      code: 'CODE_EXPIRED',
      message: "Le code de vérification a expiré ou n'est plus valide, veuillez en demander un nouveau",
    });
    expect((await register(mail, code)).json().code).toBe('CODE_EXPIRED');
  });

  it('allow one send per destination a minute, saying how long to wait', async () => {
    const mail = `${unique()}@example.test`;
    await sendRegisterCode(mail);
    const again = await http.post('member/code/send', { type: 'email', mail, scene: 'register' }, { lang: 'de' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: 'CODE_SEND_TOO_SOON',
      message: 'Bitte warten Sie 60 Sekunden, bevor Sie einen neuen Code anfordern',
    });
    const otherScene = await http.post('member/code/send', { type: 'email', mail, scene: 'resetpwd' });
    expect(otherScene.statusCode).toBe(200);
    await t.app.db
      .update(verificationCodes)
      .set({ sentAt: new Date(Date.now() - 45_000) })
      .where(eq(verificationCodes.destination, mail));
    const sent = await http.post('member/code/send', { type: 'email', mail, scene: 'register' }, { lang: 'en' });
    expect(sent.json().message).toBe('Please wait 15 seconds before requesting another code');
    await t.app.db
      .update(verificationCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.destination, mail));
    const later = await http.post('member/code/send', { type: 'email', mail, scene: 'register' });
    expect(later.statusCode).toBe(200);
  });

  it('send once when two requests race for the same destination', async () => {
    const mail = `${unique()}@example.test`;
    const before = sender.messages.length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => http.post('member/code/send', { type: 'email', mail, scene: 'register' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429, 429]);
    expect(sender.messages.length - before).toBe(1);
  });

  it('are bound to their destination and their scene, and single-use', async () => {
    const mail = `${unique()}@example.test`;
    const other = `${unique()}@example.test`;
    const code = await sendRegisterCode(mail);
    expect((await register(other, code)).json().code).toBe('CODE_EXPIRED');
    const reset = await http.post('member/password/reset', {
      type: 'email',
      mail,
      code,
      password: 'fresh123',
      confirmPassword: 'fresh123',
    });
    expect(reset.json().code).toBe('CODE_EXPIRED');
    expect((await register(mail, code)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(verificationCodes).where(eq(verificationCodes.destination, mail));
    expect(row?.consumedAt).toBeInstanceOf(Date);
  });

  it('a failed registration does not spend the code', async () => {
    const mail = `${unique()}@example.test`;
    const code = await sendRegisterCode(mail);
    const refused = await http.post('member/register', {
      type: 'email',
      mail,
      code,
      password: 'secret1',
      confirmPassword: 'secret1',
      inviteCode: 'NOSUCH',
      agree: true,
    });
    expect(refused.json().code).toBe('INVITE_CODE_UNKNOWN');
    expect((await register(mail, code)).statusCode).toBe(200);
  });
});
