// bench:ws — BENCH_CLIENTS WebSocket clients (default 2,000), each subscribed to 20 symbols, on
// Soar's /api/v1/ws next to a bare `ws` broadcast server at the same tick rate, same run. The
// clients run in BENCH_WORKERS worker processes (default: one per core), so the load generator
// is not one event loop reading every frame in turn. Every process holds one file descriptor per
// socket: 10,000 clients need `ulimit -n` above 10,000 for the server; the bench checks first.
// The Soar server runs on a fresh PostgreSQL database, as a deployment does (BENCH_DATABASE_URL,
// else TEST_DATABASE_URL), or on the embedded PGlite with BENCH_DATABASE=pglite.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { admin, serverUrl } from './lib/database.ts';
import { openFileLimit, repositoryRoot, rssMb, type Started, startBaseline, startSoar } from './lib/process.ts';
import { histogramSize, type WorkerAnswer, type WorkerStart } from './lib/ws-clients.ts';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const workerCount = Math.max(1, Math.min(clientCount, Number(process.env.BENCH_WORKERS ?? os.cpus().length)));
const perClient = 20;
const embedded = process.env.BENCH_DATABASE === 'pglite';

type Result = { delivered: number; perSecond: number; p50: number; p99: number; rssMb: number; ticksPerSecond: number };

const limit = openFileLimit();
const neededByServer = clientCount + 200;
if (limit < neededByServer) {
  console.error(
    `bench:ws: ${clientCount} clients need about ${neededByServer} open files in the server process, ` +
      `but the open-file limit (ulimit -n) is ${limit}. Raise it first: ulimit -n 65536`,
  );
  process.exit(1);
}

function percentile(histogram: number[], total: number, p: number): number {
  const rank = Math.ceil((total * p) / 100);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0;
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

function next(worker: ChildProcess, kind: WorkerAnswer['kind'] | 'open-or-failed'): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    worker.once('exit', (code) => reject(new Error(`a bench:ws worker exited with ${code}`)));
    worker.on('message', function listen(answer: WorkerAnswer) {
      if (answer.kind === kind || (kind === 'open-or-failed' && answer.kind !== 'result')) {
        worker.off('message', listen);
        resolve(answer);
      }
    });
  });
}

async function measure(started: Started, url: string, symbols: string[]): Promise<Result> {
  const workers = Array.from({ length: workerCount }, () =>
    fork(path.join(repositoryRoot, 'bench/lib/ws-clients.ts'), { execArgv: ['--import', 'tsx'] }),
  );
  const share = Math.ceil(clientCount / workerCount);
  const opened = await Promise.all(
    workers.map((worker, index) => {
      const first = index * share;
      const start: WorkerStart = {
        kind: 'start',
        url,
        first,
        count: Math.max(0, Math.min(share, clientCount - first)),
        symbols,
        perClient,
      };
      worker.send(start);
      return next(worker, 'open-or-failed');
    }),
  );
  const failed = opened.find((answer) => answer.kind === 'failed');
  if (failed?.kind === 'failed') {
    for (const worker of workers) worker.kill();
    const hint =
      failed.code === 'EMFILE' || failed.code === 'ECONNRESET'
        ? ` (the open-file limit, ulimit -n ${limit}, is per process: raise it with ulimit -n 65536)`
        : '';
    throw new Error(`bench:ws: a client could not connect: ${failed.message}${hint}`);
  }
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  for (const worker of workers) worker.send({ kind: 'count' });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const rss = rssMb(started);
  const results = await Promise.all(
    workers.map((worker) => {
      const answer = next(worker, 'result');
      worker.send({ kind: 'stop' });
      return answer;
    }),
  );
  const histogram = new Array<number>(histogramSize).fill(0);
  const ticks = new Set<string>();
  let delivered = 0;
  for (const result of results) {
    if (result.kind !== 'result') continue;
    delivered += result.delivered;
    result.histogram.forEach((count, ms) => {
      histogram[ms] = (histogram[ms] ?? 0) + count;
    });
    for (const tick of result.ticks) ticks.add(tick);
  }
  return {
    delivered,
    perSecond: delivered / seconds,
    p50: percentile(histogram, delivered, 50),
    p99: percentile(histogram, delivered, 99),
    rssMb: rss,
    ticksPerSecond: ticks.size / seconds,
  };
}

const database = embedded ? undefined : `soar_bench_ws_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;
if (database) await admin(`create database ${database}`);
const soar = await startSoar({
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'bench-password',
  MARKETS_ALWAYS_OPEN: 'true',
  ...(database ? { DATABASE_URL: databaseUrl.toString() } : {}),
});
const list = (await (await fetch(`${soar.url}/api/v1/market/quote/list?pageSize=100`)).json()) as {
  data: { list: { symbol: string }[] };
};
const symbols = list.data.list.map((quote) => quote.symbol);
// The server at rest (engine ticking, no client yet), to tell the process from the clients' cost.
await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
const soarIdleMb = rssMb(soar);
const soarResult = await measure(soar, `${soar.url.replace('http', 'ws')}/api/v1/ws`, symbols);
await soar.stop();
if (database) await admin(`drop database ${database}`);

const bare = await startBaseline(path.join(repositoryRoot, 'bench/lib/bare-ws.ts'), {
  BARE_SYMBOLS: symbols.join(','),
  BARE_TICKS_PER_SECOND: String(soarResult.ticksPerSecond),
});
await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
const bareIdleMb = rssMb(bare);
const bareResult = await measure(bare, bare.url.replace('http', 'ws'), symbols);
await bare.stop();

const row = (server: string, result: Result, idleMb: number) => ({
  server,
  clients: clientCount,
  'symbol ticks/s': Math.round(result.ticksPerSecond),
  'delivered msg/s': Math.round(result.perSecond),
  'p50 ms': result.p50,
  'p99 ms': result.p99,
  'idle RSS MB': idleMb,
  'server RSS MB': result.rssMb,
});
console.table([
  row('bare ws broadcast', bareResult, bareIdleMb),
  row(`soar /api/v1/ws (${embedded ? 'PGlite' : 'PostgreSQL'})`, soarResult, soarIdleMb),
]);
console.log(`clients in ${workerCount} worker processes; open-file limit ${limit}`);
const ratio = soarResult.perSecond / bareResult.perSecond;
console.log(`ratio (soar / bare ws delivered messages per second): ${ratio.toFixed(2)} (goal >= 0.90)`);
console.log(
  `p99: soar ${soarResult.p99} ms, bare ${bareResult.p99} ms: ${(soarResult.p99 / Math.max(1, bareResult.p99)).toFixed(2)}x (goal <= 2x)`,
);
console.log(
  `soar server RSS: ${soarResult.rssMb} MB at ${clientCount} clients, ${soarIdleMb} MB before any client (goal <= 300 MB)`,
);
