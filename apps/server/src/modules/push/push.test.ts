import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliveries, pushSubscriptions, sessions } from '../../db/schema/index.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { endpointAllowed, isPublicAddress } from './endpoint.ts';

/** A push service on 127.0.0.1 (RFC 8030): records each message; a path can be made to answer a status. */
async function pushService() {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A browser's subscription: its P-256 key pair and auth secret, to read what it is sent. */
function browser(endpoint: string) {
  const key = createECDH('prime256v1');
  key.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: key.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
    read: (body: Buffer) =>
      JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: key, authSecret: auth.toString('base64url') }).toString(),
      ),
  };
}

describe('Web Push (docs/api.md, Push)', () => {
  let service: Awaited<ReturnType<typeof pushService>>;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const sender = () => {
    const worker = app.jobs.workers.find((item) => item.name === 'push.send');
    if (!worker) throw new Error('no push sender');
    // Later than the settle time, so notices written just now are taken.
    return worker.pass(new Date(Date.now() + 5_000));
  };
  const notify = (userId: number, amount: string) =>
    new Ledger(app.db).transaction((book) =>
      sendNotice(book, { userId, kind: 'depositPassed', params: { amount, currency: 'USD' }, reference: 'deposit:7' }),
    );

  beforeAll(async () => {
    service = await pushService();
    ({ app, close } = await createTestApp({
      push: { subject: 'mailto:ops@soar.local', allowlist: [service.origin] },
    }));
  });
  afterAll(async () => {
    await close();
    await service.close();
  });

  it('answers the VAPID key, stores a subscription and pushes each new notice encrypted, in its language', async () => {
    const key = await api(app).get('push/key');
    expect(key.json().data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const member = await createMember(app);
    await sender(); // the first pass starts from now
    await notify(member.user.id, '1'); // before the subscription: not pushed
    await sender();
    const device = browser(`${service.origin}/push/device-1`);
    const subscribed = await api(app).post('push/subscribe', device.json, { headers: member.headers, lang: 'de' });
    expect(subscribed.json().data).toEqual({ subscribed: true });

    await notify(member.user.id, '250');
    await sender();
    expect(service.received).toHaveLength(1);
    const [message] = service.received;
    expect(message?.path).toBe('/push/device-1');
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(message?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(device.read(message?.body ?? Buffer.alloc(0))).toEqual({
      title: 'Einzahlung gutgeschrieben',
      body: expect.stringContaining('250'),
      url: '/#/pages/deposit/record',
      tag: expect.stringMatching(/^notice:\d+$/),
    });
    // Sent is sent: another pass pushes nothing again.
    await sender();
    expect(service.received).toHaveLength(1);
  });

  it('tries a failing push service again later, and a 410 removes the subscription', async () => {
    const member = await createMember(app);
    const device = browser(`${service.origin}/push/device-2`);
    await api(app).post('push/subscribe', device.json, { headers: member.headers });
    service.answers.set('/push/device-2', 503);
    await notify(member.user.id, '5');
    await sender();
    const [waiting] = await app.db.select().from(pushDeliveries);
    expect(waiting).toMatchObject({ attempts: 1 });
    expect(waiting?.error).toContain('503');

    service.answers.set('/push/device-2', 410);
    const worker = app.jobs.workers.find((item) => item.name === 'push.send');
    await worker?.pass(new Date(Date.now() + 120_000)); // after the back-off
    const left = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id));
    expect(left).toEqual([]);
    expect(await app.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("drops a subscription when its session ends, and unsubscribes only the member's own endpoint", async () => {
    const member = await createMember(app);
    const other = await createMember(app);
    const device = browser(`${service.origin}/push/device-3`);
    await api(app).post('push/subscribe', device.json, { headers: member.headers });
    const foreign = await api(app).post(
      'push/unsubscribe',
      { endpoint: device.json.endpoint },
      { headers: other.headers },
    );
    expect(foreign.json().data).toEqual({ subscribed: false });
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id)),
    ).toHaveLength(1);

    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, member.sessionId));
    const count = service.received.length;
    await notify(member.user.id, '9');
    await sender();
    expect(service.received).toHaveLength(count);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual(
      [],
    );
  });

  it('refuses endpoints that are not https on a public host, and malformed subscriptions, in the language asked', async () => {
    const member = await createMember(app);
    const good = browser('https://push.example.com/x').json;
    const refused = async (body: unknown, lang = 'en') => {
      const response = await api(app).post('push/subscribe', body, { headers: member.headers, lang });
      return [response.statusCode, response.json().code, response.json().message];
    };
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://metadata.internal/x',
      'https://user:secret@push.example.com/x',
    ]) {
      expect(await refused({ ...good, endpoint })).toEqual([
        422,
        'PUSH_ENDPOINT_REFUSED',
        'This push address is not accepted: it must be https on a public host',
      ]);
    }
    expect((await refused({ ...good, endpoint: 'http://10.0.0.1/x' }, 'de'))[2]).toBe(
      'Diese Push-Adresse wird nicht angenommen: Sie muss https auf einem öffentlichen Host sein',
    );
    const [status, code] = await refused({ ...good, keys: { ...good.keys, auth: 'a\u0000b' } });
    expect([status, code]).toEqual([422, 'VALIDATION_FAILED']);
    expect((await refused({ ...good, extra: 1 }))[0]).toBe(422);
    expect((await refused({ endpoint: good.endpoint }))[0]).toBe(422);
    expect((await refused({ ...good, endpoint: `https://push.example.com/${'x'.repeat(3000)}` }))[0]).toBe(422);
    const guest = await api(app).post('push/subscribe', good);
    expect(guest.statusCode).toBe(401);
    // A public host is accepted (nothing is sent to it here: the member has no notice).
    expect((await api(app).post('push/subscribe', good, { headers: member.headers })).statusCode).toBe(200);
  });

  it('checks every address a push host resolves to', () => {
    expect(['8.8.8.8', '2606:4700::1111'].every(isPublicAddress)).toBe(true);
    expect(
      ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1'].some(
        isPublicAddress,
      ),
    ).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9/x', ['http://127.0.0.1:9'])).toBe(true);
    expect(endpointAllowed('not a url', [])).toBe(false);
  });
});
