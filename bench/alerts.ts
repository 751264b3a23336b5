// bench:alerts — in one run on a fresh PostgreSQL database (docs/performance.md):
// 1. a tick with no crossed alert at 100,000 active alerts (the alert engine's onQuote, three
//    watched prices), against a linear scan of the same alerts (goal: <= 50 µs);
// 2. 1,000 alerts crossed by one tick: time until every notice is written, and until every push
//    of them has been handed to a local push service (goal: p99 <= 1 s), a warm-up round then
//    BENCH_ALERT_ROUNDS rounds (default 5) of 1,000 alerts each.

import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { buildApp } from '../apps/server/src/app.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { priceUnits } from '../apps/server/src/lib/level-book.ts';
import { PushService } from '../apps/server/src/modules/push/index.ts';
import { createMember } from '../apps/server/src/test/fixtures.ts';
import { testConfig } from '../apps/server/src/test/helper.ts';
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';

const rounds = Number(process.env.BENCH_ALERT_ROUNDS ?? 5);
const resting = 100_000;
const crossing = 1000;
const members = 50;

/** A push service on 127.0.0.1 that accepts every message (RFC 8030: 201 Created). */
async function pushService() {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received: () => received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const name = `soar_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const app = await buildApp(
  { ...testConfig, inMemoryDatabase: false, databaseUrl: url.toString(), marketEngine: 'on', marketsAlwaysOpen: true },
  {
    market: { autoStart: false, history: { dailyDays: 1, minuteDays: 0 } },
    jobs: { autoStart: false },
    trade: { listen: false },
  },
);
const service = await pushService();

try {
  const aapl = app.market.instrument('AAPL');
  const state = aapl && app.market.simulator.states.get(aapl.id);
  if (!aapl || !state) throw new Error('no AAPL');
  const setPrice = (price: number) => {
    state.price = price;
    state.quoted = { last: price, bid: price - 0.01, ask: price + 0.01 };
  };
  setPrice(100);
  const people: { id: number; sessionId: number }[] = [];
  for (let i = 0; i < members; i += 1) {
    const member = await createMember(app);
    const [session] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from sessions where user_id = ${member.user.id} order by id desc limit 1`,
    );
    people.push({ id: member.user.id, sessionId: Number(session?.id) });
  }

  // 1. 100,000 alerts above and below the price, none within reach of the ticks that follow.
  await app.db.execute(sql`
    insert into alerts (user_id, kind, symbol, value, repeat, cooldown_minutes, status)
    select (array[${sql.raw(people.map((person) => person.id).join(','))}])[1 + i % ${members}],
      case when i % 2 = 0 then 'priceAbove' else 'priceBelow' end, 'AAPL',
      case when i % 2 = 0 then 101 + (i % 5000) / 100.0 else 99 - (i % 5000) / 100.0 end,
      false, 60, 'active'
    from generate_series(1, ${resting}) as i`);
  let started = performance.now();
  await app.alerts.engine.rebuild();
  const rebuildMs = performance.now() - started;
  const quote = app.market.quote(aapl);
  const ticks = 200_000;
  started = performance.now();
  for (let i = 0; i < ticks; i += 1) {
    app.alerts.engine.onQuote({ ...quote, price: (99.5 + (i % 100) / 100).toFixed(2) });
  }
  const bookUs = ((performance.now() - started) * 1000) / ticks;
  const levels = (await queryRows<{ value: string; kind: string }>(app.db, sql`select value, kind from alerts`)).map(
    (row) => ({ level: priceUnits(row.value), up: row.kind === 'priceAbove' }),
  );
  const scans = 200;
  let found = 0;
  started = performance.now();
  for (let i = 0; i < scans; i += 1) {
    const price = priceUnits((99.5 + (i % 100) / 100).toFixed(2));
    for (const entry of levels) if (entry.up ? entry.level <= price : entry.level >= price) found += 1;
  }
  const scanUs = ((performance.now() - started) * 1000) / scans;
  if (found > 0 || app.alerts.engine.stats.fired > 0) throw new Error('crossed');
  await app.db.execute(sql`delete from alerts`);
  await app.alerts.engine.rebuild();

  // 2. Every member's device subscribed at the local push service; 1,000 alerts at 100.50.
  const keys = webpush.generateVAPIDKeys();
  const push = new PushService({
    db: app.db,
    keys,
    subject: 'mailto:bench@soar.local',
    allowlist: [service.origin],
    decimalsOf: () => 2,
    settleMs: 0,
  });
  for (const person of people) {
    const key = createECDH('prime256v1');
    key.generateKeys();
    await push.subscribe(
      person.id,
      person.sessionId,
      {
        endpoint: `${service.origin}/${person.id}`,
        keys: { p256dh: key.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
      'en',
    );
  }
  await push.pass(new Date()); // the sender's cursor starts here
  const round = async () => {
    setPrice(100);
    await app.db.execute(sql`
      insert into alerts (user_id, kind, symbol, value, repeat, cooldown_minutes, status)
      select (array[${sql.raw(people.map((person) => person.id).join(','))}])[1 + i % ${members}],
        'priceAbove', 'AAPL', 100.5, false, 60, 'active'
      from generate_series(1, ${crossing}) as i`);
    await app.alerts.engine.rebuild();
    const fired = app.alerts.engine.stats.fired;
    const pushed = service.received();
    setPrice(101);
    const tickStarted = performance.now();
    app.alerts.engine.onQuote(app.market.quote(aapl));
    await app.alerts.engine.idle();
    const noticesMs = performance.now() - tickStarted;
    if (app.alerts.engine.stats.fired - fired !== crossing) throw new Error('not every alert fired');
    while (await push.pass(new Date())) {}
    const pushMs = performance.now() - tickStarted;
    if (service.received() - pushed !== crossing) throw new Error(`${service.received() - pushed} pushes`);
    return { noticesMs, pushMs };
  };
  await round();
  const results: { noticesMs: number; pushMs: number }[] = [];
  for (let i = 0; i < rounds; i += 1) results.push(await round());
  const worst = (pick: (result: { noticesMs: number; pushMs: number }) => number) =>
    Math.max(...results.map(pick)).toFixed(0);
  printTable([
    { run: `${resting.toLocaleString('en')} active alerts: rebuild`, time: `${rebuildMs.toFixed(0)} ms`, ratio: '' },
    { run: 'tick, nothing crossed: linear scan', time: `${scanUs.toFixed(1)} µs`, ratio: '' },
    { run: 'tick, nothing crossed: alert books', time: `${bookUs.toFixed(3)} µs`, ratio: (bookUs / scanUs).toFixed(5) },
    {
      run: `${crossing} alerts in one tick: every notice written (max of ${rounds})`,
      time: `${worst((result) => result.noticesMs)} ms`,
      ratio: results.map((result) => result.noticesMs.toFixed(0)).join(' '),
    },
    {
      run: `${crossing} alerts in one tick: every push at the push service (max of ${rounds})`,
      time: `${worst((result) => result.pushMs)} ms`,
      ratio: results.map((result) => result.pushMs.toFixed(0)).join(' '),
    },
  ]);
} finally {
  await service.close();
  await app.close();
  await admin(`drop database if exists ${name} with (force)`);
}
