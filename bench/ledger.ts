// bench:ledger — withdraw-and-refuse cycles through the ledger on PostgreSQL, next to pgbench
// running an equivalent two-row update transaction, in the same run on a fresh database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users, walletAddresses } from '../apps/server/src/db/schema/index.ts';
import { seedSettings } from '../apps/server/src/db/seed/settings.ts';
import { Money } from '../apps/server/src/lib/decimal.ts';
import { Ledger } from '../apps/server/src/modules/ledger/ledger.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { WithdrawService } from '../apps/server/src/modules/wallet/withdraw.ts';
import { printTable } from './lib/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CONNECTIONS ?? 8);
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function pgbenchBinary(): string {
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(debian) ? debian : 'pgbench';
}

const name = `soar_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = openDatabase({ url: url.toString() });

try {
  await database.migrate();
  await seedSettings(database.db);
  const ledger = new Ledger(database.db);
  const withdrawals = new WithdrawService(database.db, ledger);

  // One member per client, each funded through the ledger, so the run measures the ledger's own
  // cost rather than contention on a single balance row (the race tests cover that).
  const members: { userId: number; wallet: typeof walletAddresses.$inferSelect }[] = [];
  for (let i = 0; i < clients; i += 1) {
    const [user] = await database.db
      .insert(users)
      .values({ uid: `b${i}`, nickname: `bench ${i}`, passwordHash: '-', inviteCode: `BENCH${i}` })
      .returning();
    if (!user) throw new Error('no user');
    const [wallet] = await database.db
      .insert(walletAddresses)
      .values({ userId: user.id, name: 'bench', currency: 'USDT', network: 'TRC20', address: `T${i}` })
      .returning();
    if (!wallet) throw new Error('no wallet');
    await ledger.transaction((book) =>
      book.post({ kind: 'bench_funding', reference: 'bench', userId: user.id }, [
        { platform: 'demo_funding', currency: 'USDT', amount: '-1000000' },
        { userId: user.id, bucket: 'available', currency: 'USDT', amount: '1000000' },
      ]),
    );
    members.push({ userId: user.id, wallet });
  }

  const reviewer = { operatorId: 0, ip: 'bench' };
  const latencies: number[] = [];
  async function cycle(member: (typeof members)[number]) {
    let started = performance.now();
    const frozen = await withdrawals.freeze(member.userId, {
      currency: 'USDT',
      amount: new Money(10),
      fee: new Money(1),
      wallet: member.wallet,
      arrival: { currency: 'USDT', amount: new Money(10), rate: new Money(1) },
    });
    latencies.push(performance.now() - started);
    started = performance.now();
    await withdrawals.review(reviewer, { id: frozen.id, status: 2 });
    latencies.push(performance.now() - started);
  }
  // The audit log references operators: the bench reviewer is operator 0, created here.
  await database.db.execute(sql`insert into operators (id, username, password_hash) values (0, 'bench', '-')`);

  const runFor = async (ms: number) => {
    const deadline = performance.now() + ms;
    await Promise.all(
      members.map(async (member) => {
        while (performance.now() < deadline) await cycle(member);
      }),
    );
  };
  await runFor(2000);
  latencies.length = 0;
  const started = performance.now();
  await runFor(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  const ledgerOps = latencies.length / elapsed;
  const report = await verifyLedger(database.db);

  // pgbench: the same shape of work without the application: a transaction updating two rows.
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(
    `create table bench_balances (id integer primary key, available numeric(24,8) not null, frozen numeric(24,8) not null)`,
  );
  await client.query(`insert into bench_balances select g, 1000000, 0 from generate_series(1, ${clients * 2}) g`);
  await client.end();
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'soar-pgbench-')), 'two-rows.sql');
  writeFileSync(
    script,
    [
      // Each client its own pair of rows, as each ledger client has its own member.
      '\\set id :client_id + 1',
      'BEGIN;',
      'UPDATE bench_balances SET available = available - 11, frozen = frozen + 11 WHERE id = :id;',
      `UPDATE bench_balances SET available = available + 0 WHERE id = :id + ${clients};`,
      'END;',
      '',
    ].join('\n'),
  );
  const output = execFileSync(
    pgbenchBinary(),
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url.toString()],
    { encoding: 'utf8' },
  );
  const tps = Number(output.match(/tps = ([\d.]+)/)?.[1] ?? 0);
  const pgbenchLatency = Number(output.match(/latency average = ([\d.]+) ms/)?.[1] ?? 0);

  printTable([
    { run: 'pgbench two-row update', 'tx/s': Math.round(tps), 'p99 ms': '-', 'avg ms': pgbenchLatency },
    {
      run: 'ledger withdraw freeze + refuse',
      'tx/s': Math.round(ledgerOps),
      'p99 ms': Number(p99.toFixed(1)),
      'avg ms': Number((sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)).toFixed(2)),
    },
  ]);
  console.log(`clients: ${clients}, seconds: ${seconds}, ledger transactions: ${latencies.length}`);
  console.log(`ratio (ledger / pgbench transactions per second): ${(ledgerOps / tps).toFixed(2)} (goal >= 0.60)`);
  console.log(`p99: ${p99.toFixed(1)} ms (goal < 20 ms); ledger verified: ${report.ok}`);
  if (!report.ok) {
    console.error(report.problems.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await database.close();
  // pool.end() resolves before its sockets close: wait for them rather than kill them mid-close.
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const dropped = await admin(`drop database if exists ${name}`).then(
      () => true,
      () => false,
    );
    if (dropped) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin(`drop database if exists ${name} with (force)`);
}
