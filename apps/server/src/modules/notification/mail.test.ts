import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notices, notificationMails } from '../../db/schema/index.ts';
import { RecordingSender } from '../../test/accounts.ts';
import { createMember, createOperator } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { Ledger } from '../ledger/index.ts';
import type { AccountMail } from '../member/index.ts';
import { sendNotice } from '../notice/index.ts';

/** Records mails; `failing` makes the next sends fail as a mail server that is down would. */
class MailBox extends RecordingSender {
  failing = 0;

  override async sendMail(mail: AccountMail): Promise<void> {
    if (this.failing > 0) {
      this.failing -= 1;
      throw new Error('421 4.3.2 service not available');
    }
    await super.sendMail(mail);
  }
}

describe('notification mail (docs/api.md, Notifications)', () => {
  const box = new MailBox();
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const mailer = (later = 5_000) => {
    const worker = app.jobs.workers.find((item) => item.name === 'notification.mail');
    if (!worker) throw new Error('no notification mailer');
    return worker.pass(new Date(Date.now() + later));
  };
  const notify = (userId: number, amount: string) =>
    new Ledger(app.db).transaction((book) =>
      sendNotice(book, { userId, kind: 'depositPassed', params: { amount, currency: 'USD' }, reference: 'deposit:7' }),
    );
  const mailsTo = (address: string) => box.mails.filter((mail) => mail.destination === address);
  const unsubscribe = (token: string, form = true) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/notification/unsubscribe?token=${encodeURIComponent(token)}`,
      ...(form
        ? { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    });

  beforeAll(async () => {
    ({ app, close } = await createTestApp({ publicOrigin: 'https://soar.example' }, { codeSender: box }));
    await mailer(); // the first pass starts from now
  });
  afterAll(() => close());

  it('mails a chosen kind in the member’s language, with the phrase, a link and one-click unsubscribe', async () => {
    const member = await createMember(app);
    const address = member.user.mail ?? '';
    await notify(member.user.id, '1');
    await mailer();
    expect(mailsTo(address)).toEqual([]); // email is off until chosen

    await api(app).post('member/mail-phrase/set', { phrase: 'blue heron' }, { headers: member.headers });
    const chosen = await api(app).post(
      'notification/settings',
      { deposits: { email: true } },
      { headers: member.headers, lang: 'de' },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    await notify(member.user.id, '1250.5');
    await mailer();
    const [mail] = mailsTo(address);
    expect(mail).toMatchObject({ lang: 'de', kind: 'notification.deposits', subject: 'Einzahlung gutgeschrieben' });
    const text = mail?.text ?? '';
    expect(text.split('\n')[0]).toContain('blue heron');
    expect(text).toContain('1.250,50');
    expect(text).toContain('https://soar.example/#/pages/deposit/record');
    const token = text.match(/#\/pages\/setting\/unsubscribe\?token=([\w.-]+)/)?.[1] ?? '';
    expect(token).toMatch(new RegExp(`^${member.user.id}\\.deposits\\.`));
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<https://soar.example/api/v1/notification/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Sent is sent.
    await mailer();
    expect(mailsTo(address)).toHaveLength(1);

    // The mail client's one-click POST, no session: email off for deposits only.
    const done = await unsubscribe(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ kind: 'deposits', email: false });
    const settings = await api(app).get('notification/settings', { headers: member.headers });
    expect(settings.json().data.list.find((item: { kind: string }) => item.kind === 'deposits')).toEqual({
      kind: 'deposits',
      push: true,
      inApp: true,
      email: false,
    });
    await notify(member.user.id, '3');
    await mailer();
    expect(mailsTo(address)).toHaveLength(1);
    // The link works again (the web page posts no body), and answers the same.
    expect((await unsubscribe(token, false)).json().data).toEqual({ kind: 'deposits', email: false });
  });

  it('refuses forged, altered and foreign tokens in the request’s language', async () => {
    const member = await createMember(app);
    await api(app).post('notification/settings', { fills: { email: true } }, { headers: member.headers });
    const forged = `${member.user.id}.fills.${'A'.repeat(43)}`;
    for (const token of [forged, 'x', `${member.user.id}.fills`, `2147483648.fills.${'A'.repeat(43)}`]) {
      const response = await unsubscribe(token);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('UNSUBSCRIBE_LINK_INVALID');
    }
    const german = await app.inject({
      method: 'POST',
      url: `/api/v1/notification/unsubscribe?token=${forged}`,
      headers: { 'x-soar-lang': 'de' },
    });
    expect(german.json().message).toBe('Dieser Abmeldelink ist ungültig: Öffnen Sie ihn erneut aus der E-Mail');
    const nul = await app.inject({ method: 'POST', url: '/api/v1/notification/unsubscribe?token=a%00b' });
    expect(nul.statusCode).toBe(422);
    const extra = await app.inject({
      method: 'POST',
      url: `/api/v1/notification/unsubscribe?token=${forged}`,
      payload: { other: 1 },
    });
    expect(extra.json().code).toBe('VALIDATION_FAILED');
    const missing = await app.inject({ method: 'POST', url: '/api/v1/notification/unsubscribe' });
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const settings = await api(app).get('notification/settings', { headers: member.headers });
    expect(settings.json().data.list[0]).toMatchObject({ kind: 'fills', email: true });
  });

  it('tries again with back-off after a mail server failure, then sends', async () => {
    const member = await createMember(app);
    const address = member.user.mail ?? '';
    await api(app).post('notification/settings', { deposits: { email: true } }, { headers: member.headers });
    box.failing = 1;
    const noticeId = await notify(member.user.id, '7');
    await mailer();
    expect(mailsTo(address)).toEqual([]);
    const [waiting] = await app.db.select().from(notificationMails).where(eq(notificationMails.noticeId, noticeId));
    expect(waiting).toMatchObject({ attempts: 1, error: expect.stringContaining('421') });
    await mailer(10_000); // before the back-off: not yet
    expect(mailsTo(address)).toEqual([]);
    await mailer(60_000);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await app.db.select().from(notificationMails).where(eq(notificationMails.noticeId, noticeId))).toEqual([]);
  });

  it('tells a member of a support answer with a notice, mailed when chosen', async () => {
    const member = await createMember(app);
    const operator = await createOperator(app, { role: 'support' });
    await api(app).post('notification/settings', { support: { email: true } }, { headers: member.headers });
    const sent = await api(app).post(
      'support/message/send',
      { text: 'Where is my deposit?' },
      { headers: member.headers },
    );
    const conversationId = sent.json().data.conversationId as number;
    const answered = await api(app).post(
      'admin/support/message/send',
      { conversationId, text: 'It is credited now.' },
      { headers: operator.headers },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const [notice] = await app.db.select().from(notices).where(eq(notices.userId, member.user.id));
    expect(notice).toMatchObject({
      kind: 'supportReply',
      params: { text: 'It is credited now.' },
      reference: `support:${conversationId}`,
    });
    await mailer();
    const [mail] = mailsTo(member.user.mail ?? '');
    expect(mail).toMatchObject({ subject: 'Customer service answered', kind: 'notification.support' });
    expect(mail?.text).toContain('It is credited now.');
  });
  it('writes the hold mail of a support reset in the member’s stored language, not the operator’s', async () => {
    const member = await createMember(app, { lang: 'ja', totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() });
    const operator = await createOperator(app, { role: 'support' });
    const reset = await api(app).post(
      'admin/user/totp/reset',
      { id: member.user.id, reason: 'Passport checked on a video call' },
      { headers: operator.headers, lang: 'de' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await vi.waitFor(() => expect(mailsTo(member.user.mail ?? '')).toHaveLength(1));
    expect(mailsTo(member.user.mail ?? '')[0]).toMatchObject({ kind: 'withdrawalHold', lang: 'ja' });
  });
});

describe('notification mail over SMTP (SMTP_URL)', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) in the message itself', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const { app, close } = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicOrigin: 'https://soar.example',
    });
    try {
      const worker = app.jobs.workers.find((item) => item.name === 'notification.mail');
      await worker?.pass(new Date(Date.now() + 5_000));
      const member = await createMember(app);
      await api(app).post('notification/settings', { deposits: { email: true } }, { headers: member.headers });
      await new Ledger(app.db).transaction((book) =>
        sendNotice(book, { userId: member.user.id, kind: 'depositPassed', params: { amount: '9', currency: 'USD' } }),
      );
      await worker?.pass(new Date(Date.now() + 5_000));
      expect(received).toHaveLength(1);
      const headers = (received[0] ?? '').split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
      const token = headers.match(
        /^List-Unsubscribe: <https:\/\/soar\.example\/api\/v1\/notification\/unsubscribe\?token=([\w.-]+)>$/m,
      )?.[1];
      expect(token).toMatch(new RegExp(`^${member.user.id}\\.deposits\\.`));
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      await close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
