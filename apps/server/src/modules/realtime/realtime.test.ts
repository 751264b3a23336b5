import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { Quote } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { sleep, TestClient } from '../../test/ws-client.ts';

// Friday 2026-11-20 15:00 UTC: New York is open.
const now = Date.parse('2026-11-20T15:00:00Z');
let test: TestApp;
const clients: TestClient[] = [];
const connect = async (app = test.app, query = '') => {
  const client = await TestClient.connect(app, query);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  test = await createTestApp({}, { market: { clock: () => now }, realtime: { maxTopics: 5 } });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await test.close();
});

/** Steps the engine until `symbol` has traded once. */
function tickUntil(app: TestApp['app'], symbol: string) {
  for (let step = 1; step < 1000; step++) {
    const events = app.market.tick(now + step * 250);
    const event = events.find((item) => item.quote.symbol === symbol);
    if (event) return event;
  }
  throw new Error(`${symbol} never traded`);
}

describe('WebSocket subscriptions', () => {
  it('acknowledges a subscription and streams quotes and candles of the symbol', async () => {
    const client = await connect();
    const ack = await client.request({ op: 'sub', topics: ['quote:AAPL', 'kline:AAPL:1m'] });
    expect(ack).toEqual({ op: 'sub', topics: ['quote:AAPL', 'kline:AAPL:1m'] });
    const event = tickUntil(test.app, 'AAPL');
    const quote = await client.next((frame) => frame.topic === 'quote:AAPL');
    expect(quote.data).toEqual(event.quote);
    const bar = await client.next((frame) => frame.topic === 'kline:AAPL:1m');
    expect(bar.data).toEqual(event.bars['1m']);
  });

  it('stops streaming after unsubscribe', async () => {
    const client = await connect();
    await client.request({ op: 'sub', topics: ['quote:MSFT'] });
    expect(await client.request({ op: 'unsub', topics: ['quote:MSFT'] })).toEqual({
      op: 'unsub',
      topics: ['quote:MSFT'],
    });
    tickUntil(test.app, 'MSFT');
    await sleep(300);
    expect(client.frames.filter((frame) => frame.topic === 'quote:MSFT')).toEqual([]);
  });

  it('answers ping with pong', async () => {
    const client = await connect();
    client.send({ op: 'ping' });
    expect(await client.next((frame) => frame.op === 'pong')).toEqual({ op: 'pong' });
  });

  it('refuses bad messages, unknown topics and symbols, in the connection language', async () => {
    const english = await connect();
    const german = await connect(test.app, '?lang=de');
    english.socket.send('not json');
    expect(await english.next((frame) => frame.op === 'error')).toMatchObject({ code: 'BAD_MESSAGE' });
    const unknown = await english.request({ op: 'sub', topics: ['quote:NOPE'] });
    expect(unknown).toMatchObject({
      op: 'error',
      code: 'SYMBOL_NOT_FOUND',
      topic: 'quote:NOPE',
      message: 'This symbol is not known: NOPE',
    });
    const germanUnknown = await german.request({ op: 'sub', topics: ['quote:NOPE'] });
    expect(germanUnknown).toMatchObject({ code: 'SYMBOL_NOT_FOUND', message: 'Dieses Symbol ist unbekannt: NOPE' });
    const invalid = await german.request({ op: 'sub', topics: ['kline:AAPL:2m'] });
    expect(invalid).toMatchObject({ code: 'TOPIC_INVALID', message: 'Unbekanntes Thema' });
  });

  it('names every refusal in German too', async () => {
    const german = await connect(test.app, '?lang=de');
    german.socket.send('{"op":"jump"}');
    expect(await german.next((frame) => frame.code === 'BAD_MESSAGE')).toMatchObject({
      message: 'Die Nachricht ist kein gültiges JSON der Form {op, topics}',
    });
    expect(await german.request({ op: 'sub', topics: ['orders'] })).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.not.stringMatching(/^Please Login$/),
    });
    const many = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'JPM', 'SAP.DE'].map((symbol) => `quote:${symbol}`);
    german.send({ op: 'sub', topics: many });
    expect(await german.next((frame) => frame.code === 'TOPIC_LIMIT')).toMatchObject({
      message: 'Höchstens 5 Themen pro Verbindung',
    });
  });

  it('limits the topics of one connection', async () => {
    const client = await connect();
    const topics = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'JPM', 'SAP.DE'].map((symbol) => `quote:${symbol}`);
    client.send({ op: 'sub', topics });
    const limit = await client.next((frame) => frame.op === 'error');
    expect(limit).toMatchObject({
      code: 'TOPIC_LIMIT',
      topic: 'quote:SAP.DE',
      message: 'At most 5 topics per connection',
    });
    const ack = await client.next((frame) => frame.op === 'sub');
    expect(ack.topics).toEqual(topics.slice(0, 5));
  });

  it('coalesces a fast topic to about four frames a second, always ending on the latest value', async () => {
    const client = await connect();
    await client.request({ op: 'sub', topics: ['quote:TSLA'] });
    const started = Date.now();
    for (let i = 1; i <= 100; i++) {
      test.app.realtime.hub.publish('quote:TSLA', JSON.stringify({ topic: 'quote:TSLA', data: { seq: i } }));
      await sleep(10);
    }
    const elapsed = (Date.now() - started) / 1000;
    await sleep(400);
    const received = client.frames.filter((frame) => frame.topic === 'quote:TSLA');
    expect(received.length).toBeLessThanOrEqual(Math.ceil(elapsed * 4) + 2);
    expect(received.length).toBeGreaterThanOrEqual(Math.floor(elapsed * 4) - 1);
    expect(received.at(-1)?.data).toEqual({ seq: 100 });
  });

  it('never holds back ticks one engine step apart, however close together they are delivered', async () => {
    const client = await connect();
    await client.request({ op: 'sub', topics: ['quote:JPM'] });
    const { hub } = test.app.realtime;
    const step = hub.coalesceMs;
    const start = Date.now(); // after any tick time this file's pinned clock made
    const frame = (seq: number) => JSON.stringify({ topic: 'quote:JPM', data: { seq } });
    hub.batch(() => {
      for (let seq = 0; seq < 3; seq++) hub.publish('quote:JPM', frame(seq), start + seq * step);
    });
    hub.publish('quote:JPM', frame(3), start + 2.5 * step);
    // Frames on one socket arrive in order: the three steps come before this answer, the fourth waits.
    await client.request({ op: 'sub', topics: ['quote:MSFT'] });
    const jpm = () => client.frames.filter((item) => item.topic === 'quote:JPM').map((item) => item.data);
    expect(jpm()).toEqual([{ seq: 0 }, { seq: 1 }, { seq: 2 }]);
    await client.next((item) => item.topic === 'quote:JPM' && (item.data as { seq: number }).seq === 3);
    expect(jpm()).toEqual([{ seq: 0 }, { seq: 1 }, { seq: 2 }, { seq: 3 }]);
  });
});

describe('user topics', () => {
  it('need a login, then carry that member’s own bus events only', async () => {
    const alice = await createMember(test.app);
    const bob = await createMember(test.app);
    const guest = await connect();
    expect(await guest.request({ op: 'sub', topics: ['balance'] })).toMatchObject({
      code: 'UNAUTHORIZED',
      topic: 'balance',
    });
    expect(await guest.request({ op: 'auth', token: 'wrong' })).toMatchObject({ code: 'UNAUTHORIZED' });

    const aliceSocket = await connect(test.app, `?token=${alice.token}`);
    const bobSocket = await connect();
    expect(await bobSocket.request({ op: 'auth', token: bob.token })).toEqual({ op: 'auth', ok: true });
    await aliceSocket.request({ op: 'sub', topics: ['balance'] });
    await bobSocket.request({ op: 'sub', topics: ['balance'] });

    test.app.bus.emit('balance', { userId: alice.user.id, currency: 'USD' });
    const frame = await aliceSocket.next((item) => item.topic === 'balance');
    expect(frame.data).toEqual({ userId: alice.user.id, currency: 'USD' });
    await sleep(100);
    expect(bobSocket.frames.filter((item) => item.topic === 'balance')).toEqual([]);
  });
  it('downgrade every socket of a session at once when it ends: logout, revoke, password change (issue 9, B1)', async () => {
    const member = await createMember(test.app);
    const first = await connect(test.app, `?token=${member.token}`);
    const second = await connect();
    expect(await second.request({ op: 'auth', token: member.token })).toEqual({ op: 'auth', ok: true });
    await first.request({ op: 'sub', topics: ['balance', 'quote:AAPL'] });
    await second.request({ op: 'sub', topics: ['balance'] });

    const logout = await api(test.app).post('member/logout', {}, { headers: member.headers });
    expect(logout.statusCode, logout.body).toBe(200);
    await first.next((frame) => frame.op === 'auth' && (frame as { ok?: boolean }).ok === false);
    await second.next((frame) => frame.op === 'auth' && (frame as { ok?: boolean }).ok === false);

    test.app.bus.emit('balance', { userId: member.user.id, currency: 'USD' });
    await sleep(200);
    expect(first.frames.filter((frame) => frame.topic === 'balance')).toEqual([]);
    expect(second.frames.filter((frame) => frame.topic === 'balance')).toEqual([]);
    // Still connected, as a guest: market topics keep flowing, user topics need a new login.
    expect(await first.request({ op: 'sub', topics: ['balance'] })).toMatchObject({ code: 'UNAUTHORIZED' });
    tickUntil(test.app, 'AAPL');
    await first.next((frame) => frame.topic === 'quote:AAPL');
  });

  it('keep the sockets of sessions that are still live when another session is revoked', async () => {
    const member = await createMember(test.app);
    const socket = await connect(test.app, `?token=${member.token}`);
    await socket.request({ op: 'sub', topics: ['balance'] });
    const revoke = await api(test.app).post(
      'member/session/revoke',
      { id: 2_147_483_000 },
      { headers: member.headers },
    );
    expect(revoke.statusCode, revoke.body).toBeLessThan(500);
    await sleep(200);
    test.app.bus.emit('balance', { userId: member.user.id, currency: 'USD' });
    await socket.next((frame) => frame.topic === 'balance');
  });
});

/** A client that completes the handshake and then never reads: its server-side buffer only grows. */
async function stalledClient(app: TestApp['app'], topics: string[]) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = net.connect(address.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET /api/v1/ws HTTP/1.1',
      `Host: 127.0.0.1:${address.port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  await new Promise((resolve) => socket.once('data', resolve));
  // A masked client text frame with the subscription.
  const payload = Buffer.from(JSON.stringify({ op: 'sub', topics }));
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] as number)));
  socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  await sleep(100);
  socket.pause();
  return socket;
}

describe('slow and dead clients', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({}, { realtime: { coalesceMs: 0, maxBufferedBytes: 256 * 1024, heartbeatMs: 60_000 } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => slow.close());

  it('drops a client that does not read, and keeps serving the others', async () => {
    const stalled = await stalledClient(slow.app, ['quote:AAPL']);
    const healthy = await connect(slow.app);
    await healthy.request({ op: 'sub', topics: ['quote:AAPL'] });
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 400 && slow.app.realtime.hub.stats.dropped === 0; i++) {
      slow.app.realtime.hub.publish('quote:AAPL', JSON.stringify({ topic: 'quote:AAPL', data: big }));
      await sleep(1);
    }
    expect(slow.app.realtime.hub.stats.dropped).toBe(1);
    expect(slow.app.realtime.hub.stats.clients).toBe(1);
    expect(healthy.closed).toBe(false);
    stalled.destroy();
  });

  it('drops a client that stops answering pings', async () => {
    const quick = await createTestApp({}, { realtime: { heartbeatMs: 100 } });
    await quick.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The alive client first: with 100 ms beats a busy machine may drop the stalled one before
      // a later connection completes, so the test counts drops rather than a moment with two.
      const alive = await connect(quick.app);
      const { stats } = quick.app.realtime.hub;
      const droppedBefore = stats.dropped;
      const stalled = await stalledClient(quick.app, ['quote:AAPL']);
      for (let waited = 0; stats.dropped === droppedBefore && waited < 3000; waited += 50) await sleep(50);
      await sleep(450);
      expect(stats.dropped - droppedBefore).toBe(1);
      expect(stats.clients).toBe(1);
      expect(alive.closed).toBe(false);
      stalled.destroy();
    } finally {
      await quick.close();
    }
  });
});

/** Fails at once, naming the address, when Redis is down (the client would retry until the hook times out). */
async function requireRedis(url: string) {
  const { hostname, port } = new URL(url);
  const reply = await new Promise<string>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
    const done = (answer: string) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done('no answer within 2 s'));
    socket.once('error', (error) => done(error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().trim()));
  });
  if (reply !== '+PONG') {
    throw new Error(
      `Redis not reachable at ${url} (${reply}): start it with \`redis-server --daemonize yes\` (.ci/run does)`,
    );
  }
}

describe('Redis fan-out between API nodes', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const channelPrefix = `soar-test-${randomBytes(6).toString('hex')}:`;
  let engineNode: TestApp;
  let apiNode: TestApp;
  const started: TestApp[] = [];

  beforeAll(async () => {
    await requireRedis(redisUrl);
    engineNode = await createTestApp({ redisUrl }, { market: { clock: () => now }, realtime: { channelPrefix } });
    started.push(engineNode);
    apiNode = await createTestApp({ redisUrl }, { realtime: { channelPrefix } });
    started.push(apiNode);
    await apiNode.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const node of started) await node.close();
  });

  it('delivers ticks made on one node to clients of another, and updates its quotes', async () => {
    const client = await connect(apiNode.app);
    await client.request({ op: 'sub', topics: ['quote:NVDA'] });
    const event = tickUntil(engineNode.app, 'NVDA');
    const frame = await client.next((item) => item.topic === 'quote:NVDA');
    expect(frame.data).toEqual(event.quote);
    const detail = await apiNode.app.inject({ method: 'GET', url: '/api/v1/market/quote/detail?symbol=NVDA' });
    expect((detail.json() as { data: Quote }).data.price).toBe(event.quote.price);
  });

  it('delivers a bus event of one node to that member on another node', async () => {
    const member = await createMember(apiNode.app);
    const client = await connect(apiNode.app, `?token=${member.token}`);
    await client.request({ op: 'sub', topics: ['balance'] });
    engineNode.app.bus.emit('balance', { userId: member.user.id, currency: 'EUR' });
    const frame = await client.next((item) => item.topic === 'balance');
    expect(frame.data).toEqual({ userId: member.user.id, currency: 'EUR' });
  });
});
