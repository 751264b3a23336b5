import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationKinds } from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RecordingSender, unique } from '../../test/accounts.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';

/** A push service on 127.0.0.1 that records the path of each message it is sent. */
async function pushService() {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.url ?? '');
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A browser subscription's JSON: a real P-256 key and auth secret, so the message can be encrypted. */
function subscription(endpoint: string) {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: key.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('notification settings (docs/api.md, Notifications)', () => {
  let service: Awaited<ReturnType<typeof pushService>>;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const pusher = () => {
    const worker = app.jobs.workers.find((item) => item.name === 'push.send');
    if (!worker) throw new Error('no push sender');
    return worker.pass(new Date(Date.now() + 5_000));
  };
  const notify = (userId: number, kind: string, params: Record<string, string> = {}) =>
    new Ledger(app.db).transaction((book) => sendNotice(book, { userId, kind, params }));

  beforeAll(async () => {
    service = await pushService();
    ({ app, close } = await createTestApp(
      { push: { subject: 'mailto:ops@soar.local', allowlist: [service.origin] } },
      { codeSender: new RecordingSender() },
    ));
  });
  afterAll(async () => {
    await close();
    await service.close();
  });

  it('answers every kind with the defaults: push and in the app on, email off', async () => {
    const member = await createMember(app);
    const answer = await api(app).get('notification/settings', { headers: member.headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      list: notificationKinds.map((kind) => ({ kind, push: true, inApp: true, email: false })),
      hasMail: true,
      emailAvailable: true,
    });
    expect((await api(app).get('notification/settings')).statusCode).toBe(401);
  });

  it('saves the channels named, keeps the others, and keeps the language for mails', async () => {
    const member = await createMember(app);
    const saved = await api(app).post(
      'notification/settings',
      { fills: { email: true }, alerts: { push: false, inApp: false } },
      { headers: member.headers, lang: 'ja' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await api(app).get('notification/settings', { headers: member.headers });
    expect(read.json().data).toEqual(saved.json().data);
    const byKind = Object.fromEntries(
      (read.json().data.list as { kind: string }[]).map(({ kind, ...channels }) => [kind, channels]),
    );
    expect(byKind.fills).toEqual({ push: true, inApp: true, email: true });
    expect(byKind.alerts).toEqual({ push: false, inApp: false, email: false });
    expect(byKind.deposits).toEqual({ push: true, inApp: true, email: false });
    // A second change of one channel leaves the kind's other channels as they were.
    await api(app).post('notification/settings', { fills: { push: false } }, { headers: member.headers, lang: 'ja' });
    const again = await api(app).get('notification/settings', { headers: member.headers });
    expect(again.json().data.list[0]).toEqual({ kind: 'fills', push: false, inApp: true, email: true });
    const [user] = await app.db.select({ lang: users.lang }).from(users).where(eq(users.id, member.user.id));
    expect(user?.lang).toBe('ja');
  });

  it('refuses unknown kinds, account notices, extra fields, NUL bytes and non-booleans in the language asked', async () => {
    const member = await createMember(app);
    const refused = async (body: unknown, lang = 'en') => {
      const response = await api(app).post('notification/settings', body, { headers: member.headers, lang });
      return { status: response.statusCode, ...response.json() };
    };
    expect(await refused({ news: { push: false } })).toEqual({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: [expect.stringContaining('news')],
    });
    expect((await refused({ account: { push: false } })).status).toBe(422);
    expect(await refused({ fills: { push: false, sms: true } })).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused({ fills: { email: 'yes' } }, 'de')).toEqual({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: [expect.stringContaining('E-Mail')],
    });
    expect(await refused({ 'fills\u0000': { push: false } })).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(await refused({ fills: { push: 'a\u0000b' } })).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect((await refused([{ kind: 'fills' }])).status).toBe(422);
    // Nothing was stored by any of them.
    const read = await api(app).get('notification/settings', { headers: member.headers });
    expect(read.json().data.list.every((item: { push: boolean }) => item.push)).toBe(true);
  });

  it('refuses email for a member with no mail address, naming why', async () => {
    const member = await createMember(app, { mail: null, areaCode: '44', phone: `7${Date.now() % 1e9}` });
    const response = await api(app).post(
      'notification/settings',
      { deposits: { email: true } },
      { headers: member.headers, lang: 'fr' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'NOTIFICATION_MAIL_MISSING',
      message: 'Votre compte n’a pas d’adresse e-mail : ajoutez-en une avant de choisir l’e-mail',
    });
    const read = await api(app).get('notification/settings', { headers: member.headers });
    expect(read.json().data.hasMail).toBe(false);
    // Push and in-app choices need no address.
    const push = await api(app).post(
      'notification/settings',
      { deposits: { push: false } },
      { headers: member.headers },
    );
    expect(push.statusCode).toBe(200);
  });

  it('pushes only the kinds the member has push on for; account notices always, announcements never', async () => {
    const member = await createMember(app);
    await pusher(); // the first pass starts from now
    const endpoint = `${service.origin}/push/${unique()}`;
    await api(app).post('push/subscribe', subscription(endpoint), { headers: member.headers });
    await api(app).post('notification/settings', { deposits: { push: false } }, { headers: member.headers });

    await notify(member.user.id, 'depositPassed', { amount: '5', currency: 'USD' });
    await notify(member.user.id, 'alertPriceAbove', { symbol: 'AAPL', price: '200' });
    await notify(member.user.id, 'signInNew', { device: 'Chrome', place: 'Berlin', time: 'now' });
    await notify(member.user.id, 'announcement', { title: 'Hello', body: 'World' });
    await notify(member.user.id, 'somethingNew');
    await pusher();
    expect(service.received.filter((path) => path === new URL(endpoint).pathname)).toHaveLength(2);

    // Push off for alerts too: the next alert is not pushed, a fill still is.
    const before = service.received.length;
    await api(app).post('notification/settings', { alerts: { push: false } }, { headers: member.headers });
    await notify(member.user.id, 'alertLow52', { symbol: 'AAPL', price: '100' });
    await notify(member.user.id, 'orderFilled', {
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      fee: '0',
      currency: 'USD',
    });
    await pusher();
    expect(service.received.length - before).toBe(1);
  });

  it('keeps the language of each sign-in and registration for mails', async () => {
    const mail = `${unique()}@example.test`;
    const member = await createMember(app, { mail, passwordHash: await hashPassword('secret1') });
    const login = await api(app).post('member/login', { mail, password: 'secret1' }, { lang: 'it' });
    expect(login.statusCode, login.body).toBe(200);
    const [user] = await app.db.select({ lang: users.lang }).from(users).where(eq(users.id, member.user.id));
    expect(user?.lang).toBe('it');
  });
});
