import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { orderStatuses } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { Ledger, verifyLedger } from './modules/ledger/index.ts';
import { demoMember } from './seed/member.ts';
import { createTestDatabase } from './test/helper.ts';

/**
 * The standby engine (docs/scaling.md, Standby engine), as processes on PostgreSQL and Redis: two
 * engine nodes and an API node. A recorded session holds AAPL at 10.00, then walks it down to
 * 9.40; members' buy limits between 9.51 and 9.99 rest on the API node and cross on the way down.
 * The leader is killed with SIGKILL while they fill; the standby must take over within the lease,
 * fill every crossed order exactly once, leave no job period run twice, and keep the ledger whole.
 */
const main = path.resolve(import.meta.dirname, 'main.ts');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const leaseSeconds = 3;
const dir = mkdtempSync(path.join(tmpdir(), 'soar-standby-'));
const replayFile = path.join(dir, 'session.ndjson');

/** 20 s at 10.00, then a cent down every 300 ms to 9.40, then 9.40 for a minute. */
function recordSession() {
  const start = Date.parse('2026-11-16T14:30:00Z');
  const lines: string[] = [];
  let at = start;
  const print = (price: number) => {
    const time = new Date(at).toISOString();
    const [bp, ap] = [price - 0.01, price + 0.01].map((value) => Number(value.toFixed(2)));
    lines.push(
      JSON.stringify({ T: 'q', S: 'AAPL', bx: 'V', bp, bs: 2, ax: 'V', ap, as: 3, c: ['R'], z: 'C', t: time }),
    );
    lines.push(
      JSON.stringify({ T: 't', S: 'AAPL', i: lines.length, x: 'V', p: price, s: 100, c: ['@'], z: 'C', t: time }),
    );
  };
  for (; at < start + 20_000; at += 200) print(10);
  for (let cents = 999; cents >= 940; cents -= 1, at += 300) print(cents / 100);
  for (const end = at + 60_000; at < end; at += 200) print(9.4);
  writeFileSync(replayFile, `${lines.join('\n')}\n`);
}

type Node = {
  name: string;
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
};

function startNode(name: string, databaseUrl: string, engine: 'on' | 'off'): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dir, name),
      WEB_DIST: '/nonexistent',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MARKET_ENGINE: engine,
      ENGINE_LEASE_SECONDS: String(leaseSeconds),
      MARKET_REPLAY_FILE: replayFile,
      MARKETS_ALWAYS_OPEN: 'true',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: process.env.STANDBY_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = output.match(/serving on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`${name} exited before listening:\n${output}`)));
  });
  return { name, child, url, exited, output: () => output };
}

async function engineRole(node: Node): Promise<string | undefined> {
  const response = await fetch(`${await node.url}/readyz`).catch(() => undefined);
  return response?.ok ? ((await response.json()) as { engine: string }).engine : undefined;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a standby engine node (docs/scaling.md, Standby engine)', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: Node[] = [];

  beforeAll(async () => {
    // This test is about PostgreSQL: the embedded database serves one process.
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    database = await createTestDatabase();
    recordSession();
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    await database?.handle.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes over from a leader killed while 500 resting orders cross, filling each once', async () => {
    const url = database.url ?? '';
    // The API node first (it migrates and seeds), then the engine nodes: the first to start leads.
    const apiNode = startNode('api', url, 'off');
    nodes.push(apiNode);
    const api = await apiNode.url;
    const first = startNode('engine-a', url, 'on');
    nodes.push(first);
    await first.url;
    expect(await engineRole(first)).toBe('leader');
    const second = startNode('engine-b', url, 'on');
    nodes.push(second);
    expect(await engineRole(apiNode)).toBe('off');

    const db = database.handle.db;
    const [demo] = await queryRows<{ id: number }>(db, sql`select id from users where mail = ${demoMember.mail}`);
    const userId = Number(demo?.id);
    await new Ledger(db).transaction((book) =>
      book.post({ kind: 'demo_funding', reference: `standby:${userId}`, userId }, [
        { platform: 'demo_funding', currency: 'USD', amount: '-20000' },
        { userId, bucket: 'available', currency: 'USD', amount: '20000' },
      ]),
    );
    const login = await fetch(`${api}/api/v1/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail: demoMember.mail, password: demoMember.password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // The API node quotes the recording once the leader's ticks reach it through Redis.
    await until('the recorded quote on the API node', async () => {
      const response = await fetch(`${api}/api/v1/market/quote/detail?symbol=AAPL`, { headers });
      const quote = ((await response.json()) as { data?: { price: string; stale?: boolean } }).data;
      return quote && Number(quote.price) <= 10 && !quote.stale;
    });

    const placed: number[] = [];
    const place = async (index: number) => {
      const limitPrice = (9.51 + (index % 49) / 100).toFixed(2);
      const body = JSON.stringify({ symbol: 'AAPL', type: 'limit', direction: 'buy', quantity: 1, limitPrice });
      await until(
        `order ${index}`,
        async () => {
          const response = await fetch(`${api}/api/v1/order/place`, { method: 'POST', headers, body });
          const answer = (await response.json()) as { code: string; data?: { id: number }; message?: unknown };
          // A dead engine's quotes go stale; the member tries again, as the app says to.
          if (answer.code === 'QUOTE_STALE') return false;
          expect(response.status, JSON.stringify(answer)).toBe(200);
          placed.push(Number(answer.data?.id));
          return true;
        },
        90_000,
      );
    };
    const placeMany = async (from: number, count: number) => {
      for (let next = from; next < from + count; next += 10) {
        await Promise.all(Array.from({ length: Math.min(10, from + count - next) }, (_, k) => place(next + k)));
      }
    };
    await placeMany(0, 500);
    expect(await engineRole(second)).toBe('standby');

    const filled = async () => {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from trade_orders
          where user_id = ${userId} and status = ${orderStatuses.filled} and symbol = 'AAPL' and type = 'limit'
            and quantity = 1 and id >= ${Math.min(...placed)}`,
      );
      return Number(row?.count);
    };
    await until('the first fills', async () => (await filled()) >= 50, 90_000);
    first.child.kill('SIGKILL');
    const killedAt = performance.now();
    await first.exited;
    const interrupted = await queryRows<{ job: string; period: string }>(
      db,
      sql`select job, period from job_runs where status = 'running'`,
    );
    // Members go on placing orders through the API node while no engine runs.
    const during = placeMany(500, 50);
    await until(
      'the standby to lead',
      async () => (await engineRole(second)) === 'leader',
      leaseSeconds * 1000 + 10_000,
    );
    const takeoverMs = performance.now() - killedAt;
    console.log(`standby engine took over ${Math.round(takeoverMs)} ms after the leader was killed`);
    expect(takeoverMs).toBeLessThan(leaseSeconds * 1000 + 5_000);
    await during;

    await until('every crossed order filled', async () => (await filled()) === placed.length, 120_000).catch(
      async (error: Error) => {
        const left = await queryRows(
          db,
          sql`select id, limit_price, status, waiting_for from trade_orders
            where user_id = ${userId} and status <> ${orderStatuses.filled} limit 20`,
        );
        throw new Error(
          `${error.message}: ${await filled()} of ${placed.length}; ${JSON.stringify(left)}\n${second.output().slice(-3000)}`,
        );
      },
    );
    const opened = await queryRows<{ reference: string; count: number }>(
      db,
      sql`select reference, count(*)::int as count from journal_entries where kind = 'trade_open' and user_id = ${userId}
          and reference in ${placed.map((id) => `order:${id}`)}
        group by reference`,
    );
    expect(opened.filter((row) => Number(row.count) !== 1)).toEqual([]);
    expect(new Set(opened.map((row) => row.reference))).toEqual(new Set(placed.map((id) => `order:${id}`)));
    const notices = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from notices
        where user_id = ${userId} and kind = 'orderFilled' and reference in ${placed.map((id) => `order:${id}`)}`,
    );
    expect(Number(notices[0]?.count)).toBe(placed.length);

    // Every period ran once: only one the killed leader was running may have been tried again.
    await until('the jobs the standby caught up', async () => {
      const [left] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from job_runs where status = 'running'`,
      );
      return Number(left?.count) === 0;
    });
    const runs = await queryRows<{ job: string; period: string; attempts: number }>(
      db,
      sql`select job, period, attempts from job_runs`,
    );
    const again = runs.filter((run) => run.attempts > 1).map((run) => `${run.job} ${run.period}`);
    expect(again.filter((run) => !interrupted.some((row) => `${row.job} ${row.period}` === run))).toEqual([]);
    // The jobs run on: the next minute's order expiry is the new leader's (epoch 2).
    await until(
      "the new leader's first job period",
      async () => {
        const [run] = await queryRows<{ count: number }>(
          db,
          sql`select count(*)::int as count from job_runs where job = 'trade.expire' and epoch = 2 and status = 'done'`,
        );
        return Number(run?.count) > 0;
      },
      90_000,
    );

    const report = await verifyLedger(db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
