// bench:ledger — withdraw-and-refuse cycles through the ledger on PostgreSQL (bench/lib/withdraw-cycles.ts,
// also bench:trade's baseline), next to pgbench replaying the very statements of one cycle, in the
// same run on a fresh database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { seedSettings } from '../apps/server/src/seed/settings.ts';
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';
import { firstMemberId, withdrawCycles } from './lib/withdraw-cycles.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CONNECTIONS ?? 8);

function pgbenchBinary(): string {
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(debian) ? debian : 'pgbench';
}

/** The captured withdrawal gets this id, easy to find in the SQL (as the members' ids from `firstMemberId`). */
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
  const load = await withdrawCycles(database.db, clients);
  // The statements of one cycle, as the driver sends them, become pgbench's script.
  const first = load.members[0];
  if (!first) throw new Error('no bench member');
  await database.db.execute(sql.raw(`select setval('withdrawals_id_seq', ${capturedWithdrawalId - 1})`));
  const captured = await captureStatements(() => load.cycle(first));
  await load.run(2000);
  const measured = await load.run(seconds * 1000);
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
      'tx/s': Math.round(measured.perSecond),
      'p99 ms': Number(measured.p99Ms.toFixed(1)),
      'avg ms': Number(measured.avgMs.toFixed(2)),
    },
  ]);
  console.log(`clients: ${clients}, seconds: ${seconds}, ledger transactions: ${measured.transactions}`);
  console.log(
    `ratio (ledger / pgbench transactions per second): ${(measured.perSecond / tps).toFixed(2)} (goal >= 0.60)`,
  );
  console.log(`p99: ${measured.p99Ms.toFixed(1)} ms (goal < 20 ms); ledger verified: ${report.ok}`);
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
