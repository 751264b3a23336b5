import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unique, uniquePhone } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

type Received = { to: string[]; raw: string };

/** A local SMTP server started by the test itself: no mail leaves the machine. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Quoted-printable bodies, as nodemailer writes non-ASCII text. */
function decodeQuotedPrintable(text: string): string {
  return decodeURIComponent(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, '%$1'));
}

describe('mail codes over SMTP (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: `${smtp.url}?from=Soar%20%3Ccodes%40soar.test%3E` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the code to the destination in the language of the request', async () => {
    const mail = `${unique()}@example.test`;
    const res = await api(t.app).post('member/code/send', { type: 'email', mail, scene: 'register' }, { lang: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.to).toEqual([mail]);
    const text = decodeQuotedPrintable(message?.raw ?? '');
    const code = text.match(/Ihr Soar-Bestätigungscode lautet (\d{6})\. Er ist 10 Minuten gültig/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.raw).toMatch(/^From: Soar <codes@soar\.test>/m);
    const registered = await api(t.app).post('member/register', {
      type: 'email',
      mail,
      code,
      password: 'secret1',
      confirmPassword: 'secret1',
      agree: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
  });
});

describe('a mail server that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    const smtp = await startSmtp();
    await smtp.close();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(() => t.close());

  it('answers 502 and frees the destination for an immediate retry', async () => {
    const mail = `${unique()}@example.test`;
    const first = await api(t.app).post('member/code/send', { type: 'email', mail, scene: 'register' });
    expect(first.statusCode).toBe(502);
    expect(first.json()).toEqual({
      code: 'CODE_DELIVERY_FAILED',
      message: 'The verification code could not be sent, please retry later',
    });
    const second = await api(t.app).post('member/code/send', { type: 'email', mail, scene: 'register' });
    expect(second.json().code).toBe('CODE_DELIVERY_FAILED');
  });
});

describe('the embedded default (no SMTP_URL, no SMS provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one log line per code holding destination, scene and code, for mail and phone', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const mail = `${unique()}@example.test`;
    const phone = uniquePhone();
    expect((await api(t.app).post('member/code/send', { type: 'email', mail, scene: 'register' })).statusCode).toBe(
      200,
    );
    const phoneSend = await api(t.app).post('member/code/send', {
      type: 'phone',
      phone,
      areaCode: '44',
      scene: 'register',
    });
    expect(phoneSend.statusCode).toBe(200);
    const lines = info.mock.calls.filter(([, message]) => message === 'verification code');
    expect(lines).toEqual([
      [{ destination: mail, scene: 'register', code: expect.stringMatching(/^\d{6}$/) }, 'verification code'],
      [{ destination: `+44 ${phone}`, scene: 'register', code: expect.stringMatching(/^\d{6}$/) }, 'verification code'],
    ]);
    info.mockRestore();
  });
});
