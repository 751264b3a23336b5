// bench:ledger — withdraw-and-refuse cycles through the ledger on PostgreSQL, next to pgbench
// running an equivalent two-row update transaction, in the same run on a fresh database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CONNECTIONS ?? 8);

function pgbenchBinary(): string {
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(debian) ? debian : 'pgbench';
}

/** Bench members get ids from here, and the captured withdrawal this id: both are easy to find in the SQL. */
const firstMemberId = 900_001;
const capturedWithdrawalId = 800_001;

type Statement = { text: string; values: unknown[] };

/** Records every statement the pg driver sends while `work` runs. */
async function captureStatements(work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const query = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloads, passed through unchanged
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      statements.push({ text, values: Array.isArray(values) ? values : (config?.values ?? []) });
    }
    return Reflect.apply(query, this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return statements;
}

/**
 * One literal of a captured parameter. The member's id becomes :uid (each pgbench client its own
 * member, as each ledger client has), the withdrawal id :w_id (set by the insert's \\gset).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (Number(value) === firstMemberId) return ':uid';
    if (Number(value) === capturedWithdrawalId) return ':w_id';
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === String(firstMemberId)) return ':uid';
  if (text === String(capturedWithdrawalId)) return ':w_id';
  if (text === `withdrawal:${capturedWithdrawalId}`) return `'withdrawal:' || :w_id`;
  return `'${text.replaceAll("'", "''")}'`;
}

/** A pgbench script replaying the captured statements with their parameters inlined. */
function pgbenchScript(statements: Statement[]): string {
  const lines = [`\\set uid ${firstMemberId} + :client_id`];
  for (const statement of statements) {
    const text = statement.text.replace(/\$(\d+)/g, (_, n) => literal(statement.values[Number(n) - 1]));
    const oneLine = text.replace(/\s+/g, ' ').trim();
    lines.push(/^insert into "?withdrawals"?[ (]/i.test(oneLine) ? `${oneLine} \\gset w_` : `${oneLine};`);
  }
  return `${lines.join('\n')}\n`;
}

const name = `soar_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });

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
      .values({
        id: firstMemberId + i,
        uid: `b${i}`,
        nickname: `bench ${i}`,
        passwordHash: '-',
        inviteCode: `BENCH${i}`,
      })
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
  // The statements of one cycle, as the driver sends them, become pgbench's script.
  const first = members[0];
  if (!first) throw new Error('no bench member');
  await database.db.execute(sql.raw(`select setval('withdrawals_id_seq', ${capturedWithdrawalId - 1})`));
  const captured = await captureStatements(() => cycle(first));
  await runFor(2000);
  latencies.length = 0;
  const started = performance.now();
  await runFor(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  const ledgerOps = latencies.length / elapsed;
  const report = await verifyLedger(database.db);

  // pgbench: the very statements of one ledger cycle (freeze, then refuse), without the application.
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'soar-pgbench-')), 'ledger-cycle.sql');
  writeFileSync(script, pgbenchScript(captured));
  if (process.env.BENCH_SHOW_SCRIPT) console.log(readFileSync(script, 'utf8'));
  console.log(`pgbench script: ${captured.length} statements captured from one cycle (${script})`);
  const output = execFileSync(
    pgbenchBinary(),
    ['-n', '-r', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url.toString()],
    { encoding: 'utf8' },
  );
  // pgbench counts a script run (two ledger transactions); the ledger side counts transactions.
  const tps = 2 * Number(output.match(/tps = ([\d.]+)/)?.[1] ?? 0);
  if (process.env.BENCH_SHOW_SCRIPT) console.log(output);
  const pgbenchLatency = Number(output.match(/latency average = ([\d.]+) ms/)?.[1] ?? 0);

  printTable([
    { run: 'pgbench, the same statements', 'tx/s': Math.round(tps), 'p99 ms': '-', 'avg ms': pgbenchLatency / 2 },
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
