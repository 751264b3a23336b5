// bench:start — the server started on an existing database: the time from the process's start to
// `/readyz` answering 200, and its resident memory at rest (engine ticking, no client), on the
// embedded PGlite and on a PostgreSQL database (docs/performance.md, "The compiled server").
// BENCH_RUNS starts per runner and database (default 5); BENCH_RUNNERS=built,tsx alternates the
// build with the sources run through tsx (how the server ran before 2026-11-28).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { admin, serverUrl } from './lib/database.ts';
import { printTable } from './lib/load.ts';
import { repositoryRoot, soarCommand } from './lib/process.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const runners = (process.env.BENCH_RUNNERS ?? 'built').split(',');
const commands: Record<string, string[]> = {
  built: soarCommand,
  tsx: ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')],
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function rssMb(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Starts the server, waits for `/readyz`, reads its memory after `idle` seconds, stops it. */
async function start(runner: string, env: Record<string, string>, idle: number) {
  const port = await freePort();
  const begun = performance.now();
  const child = spawn(process.execPath, commands[runner] ?? [], {
    cwd: repositoryRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the ${runner} server exited with ${code}`))),
  );
  const ready = (async () => {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return performance.now() - begun;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const readyMs = await Promise.race([ready, exited]);
  await new Promise((resolve) => setTimeout(resolve, idle * 1000));
  const rss = rssMb(child);
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { readyMs, rss };
}

async function measure(storage: string, env: Record<string, string>) {
  // The first start creates the database (initdb, migrations, seed): not measured.
  await start(runners[0] ?? 'built', env, 0);
  const rows: Record<string, string | number>[] = [];
  const figures: Record<string, { readyMs: number[]; rss: number[] }> = {};
  for (let run = 0; run < runs; run++) {
    for (const runner of runners) {
      const { readyMs, rss } = await start(runner, env, idleSeconds);
      const entry = figures[runner] ?? { readyMs: [], rss: [] };
      entry.readyMs.push(readyMs);
      entry.rss.push(rss);
      figures[runner] = entry;
      rows.push({
        storage,
        runner,
        run: run + 1,
        'ready ms': Math.round(readyMs),
        'idle RSS MB': rss,
        load: loadAverage(),
      });
    }
  }
  printTable(rows);
  for (const [runner, { readyMs, rss }] of Object.entries(figures)) {
    console.log(
      `${storage}, ${runner}: ready after ${Math.round(median(readyMs))} ms, idle RSS ${median(rss)} MB (medians of ${runs})`,
    );
  }
}

if (runners.includes('built')) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@soar/server'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server did not build');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'soar-bench-start-'));
try {
  await measure('PGlite', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const database = `soar_bench_start_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;
await admin(`create database ${database}`);
try {
  await measure('PostgreSQL', { DATABASE_URL: databaseUrl.toString() });
} finally {
  await admin(`drop database ${database}`);
}
