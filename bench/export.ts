// bench:export — a member with 10,000 trades exports their year (docs/performance.md): server time
// per 10,000 rows and the server's heap while it streams, for a member with 10,000 trades and one
// with 40,000 (flat memory: the larger export must not take more), against a bare
// `COPY (the same rows) TO STDOUT` of the trades on the same fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app.ts';
import { createMember } from '../apps/server/src/test/fixtures.ts';
import { testConfig } from '../apps/server/src/test/helper.ts';
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';

const sizes = [10_000, 40_000];
const kinds = ['trades', 'ledger', 'realised'] as const;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:export)');

/**
 * `trades` rows for one member over 2026 in a few statements: half of them openings of 10 shares
 * across ten symbols, half the closing of each an hour later, each with its journal entry and
 * member line (so the ledger export has a row per trade too).
 */
async function tradeHistory(app: Awaited<ReturnType<typeof buildApp>>, userId: number, trades: number) {
  const positions = trades / 2;
  const step = Math.floor((365 * 24 * 3600) / positions);
  await app.db.execute(sql`
    insert into trade_positions (user_id, order_id, symbol, market, currency, direction, lot_size, quantity,
      opened_quantity, open_price, open_fee, status, close_reason, realised_pnl, closed_quantity, created_at, closed_at)
    select ${userId}, i, (array['AAPL','MSFT','NVDA','AMZN','GOOGL','META','TSLA','JPM','V','KO'])[1 + i % 10], 'US',
      'USD', case when i % 3 = 0 then 'sell' else 'buy' end, 1, 0, 10, 100 + (i % 50), 1.5, 'closed', 'member',
      (i % 7) - 3, 10, timestamptz '2026-01-01' + make_interval(secs => i * ${step}),
      timestamptz '2026-01-01' + make_interval(secs => i * ${step} + 3600)
    from generate_series(0, ${positions} - 1) as i`);
  await app.db.execute(sql`
    insert into trade_closes (position_id, user_id, quantity, close_price, fee, open_fee, realised_pnl, proceeds,
      reason, fill_reason, created_at)
    select p.id, p.user_id, 10, p.open_price + 1, 1.5, 1.5, p.realised_pnl, p.open_price * 10, 'member',
      '{"key":"closeMember","params":{}}'::jsonb, p.closed_at
    from trade_positions p where p.user_id = ${userId}`);
  await app.db.execute(sql`
    with entries as (
      insert into journal_entries (kind, reference, user_id, created_at)
      select 'trade_open', 'order:' || p.id, p.user_id, p.created_at from trade_positions p where p.user_id = ${userId}
      union all
      select 'trade_close', 'close:' || c.id, c.user_id, c.created_at from trade_closes c where c.user_id = ${userId}
      returning id, user_id, kind, created_at)
    insert into journal_lines (entry_id, account, user_id, currency, amount, balance_after, created_at)
    select id, 'available', user_id, 'USD', case when kind = 'trade_open' then -1001.5 else 1003.5 end, 0, created_at
    from entries`);
}

/** Streams one export over HTTP, counting its lines; the heap is sampled while it runs. */
async function exportOnce(port: number, token: string, kind: string) {
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const lines = await new Promise<number>((resolve, reject) => {
    const request = http.get(
      {
        port,
        host: '127.0.0.1',
        path: `/api/v1/export/csv?kind=${kind}&from=2026-01-01&to=2026-12-31`,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`export ${kind}: ${response.statusCode}`));
        let count = 0;
        response.on('data', (chunk: Buffer) => {
          for (const byte of chunk) if (byte === 10) count += 1;
        });
        response.on('end', () => resolve(count - 1));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { lines, ms, heapMb: (peak - baseline) / 2 ** 20 };
}

/** The baseline: the trades' rows of the year straight out of PostgreSQL as CSV. */
async function copyBaseline(url: string, userId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(
      copyTo(`copy (
        select * from (
          select p.created_at as at, 'open' as side, p.order_id, p.id as position_id, null::integer as close_id, p.symbol,
            p.market, p.direction, p.opened_quantity as quantity, p.open_price as price, p.open_fee as fee, p.currency,
            null::numeric as realised_pnl, null::text as reason
          from trade_positions p where p.user_id = ${userId}
            and p.created_at >= '2026-01-01' and p.created_at < '2027-01-01'
          union all
          select c.created_at, 'close', null, c.position_id, c.id, p.symbol, p.market, p.direction, c.quantity,
            c.close_price, c.fee, p.currency, c.realised_pnl, c.reason
          from trade_closes c join trade_positions p on p.id = c.position_id where c.user_id = ${userId}
            and c.created_at >= '2026-01-01' and c.created_at < '2027-01-01'
        ) t order by at, side desc, close_id
      ) to stdout with (format csv, header)`),
    );
    let count = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const byte of chunk) if (byte === 10) count += 1;
    }
    return { lines: count - 1, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

const name = `soar_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const app = await buildApp(
  { ...testConfig, inMemoryDatabase: false, databaseUrl: url.toString(), marketEngine: 'off' },
  { jobs: { autoStart: false } },
);
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  const rows: Record<string, string | number>[] = [];
  for (const size of sizes) {
    const member = await createMember(app);
    await tradeHistory(app, member.user.id, size);
    const token = member.headers.authorization?.replace('Bearer ', '') ?? '';
    // A warm-up export: the first one pays for compiling and preparing the statements.
    await exportOnce(port, token, 'trades');
    const copy = await copyBaseline(url.toString(), member.user.id);
    for (const kind of kinds) {
      const run = await exportOnce(port, token, kind);
      rows.push({
        member: `${size} trades`,
        kind,
        rows: run.lines,
        ms: Math.round(run.ms),
        'ms / 10,000 rows': Math.round((run.ms / run.lines) * 10_000),
        'heap peak MB': Number(run.heapMb.toFixed(1)),
        'COPY ms (trades)': Math.round(copy.ms),
        'x COPY / 10k rows': Number((run.ms / run.lines / (copy.ms / copy.lines)).toFixed(1)),
      });
    }
  }
  printTable(rows);
} finally {
  await app.close();
  await admin(`drop database if exists ${name} with (force)`);
}
