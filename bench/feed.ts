// bench:feed — vendor trades to BENCH_CLIENTS WebSocket members (default 2,000) through Soar's
// Alpaca adapter, next to a bare `ws` relay of the same messages, same run (docs/performance.md,
// bench:feed). A vendor process (the test suite's fake Alpaca, bench/lib/feed-vendor.ts) sends
// trades of the BENCH_FEED_SYMBOLS busiest US stocks; Soar (its build, MARKET_ENGINE=on, the Alpaca
// variables pointing at the vendor) and then the relay (bench/lib/feed-relay.ts) each connect to it
// as Alpaca's stream, and the members, in BENCH_WORKERS worker processes (bench/lib/feed-clients.ts),
// each subscribe to BENCH_FEED_TOPICS `quote:` topics. Per server, on the same sockets:
//   1. BENCH_FEED_RATE trades a second for BENCH_SECONDS: latency from the vendor's send to the
//      member (p50, p99), also counted from the moment Soar's coalescing let the frame go, and
//      frames delivered;
//   2. the vendor pauses: every member must then hold every trade in its volume (each trade is a
//      round lot, so a volume counts trades), and Soar's own quotes too;
//   3. BENCH_FEED_FLOOD trades a second, more than either server takes, for BENCH_FLOOD_SECONDS:
//      the trades a second that reach the members' volumes.
// The Soar server runs on a fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL)
// or on the embedded PGlite with BENCH_DATABASE=pglite, as bench:ws.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admin, serverUrl } from './lib/database.ts';
import type { FeedWorkerAnswer, FeedWorkerStart, Histogram, TopicVolumes } from './lib/feed-clients.ts';
import type { VendorAnswer, VendorCommand, VendorInstrument } from './lib/feed-vendor.ts';
import { openFileLimit, repositoryRoot, rssMb, type Started, startBaseline, startSoar } from './lib/process.ts';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const rate = Number(process.env.BENCH_FEED_RATE ?? 200);
const flood = Number(process.env.BENCH_FEED_FLOOD ?? 40_000);
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 8);
const symbolCount = Number(process.env.BENCH_FEED_SYMBOLS ?? 20);
const perClient = Number(process.env.BENCH_FEED_TOPICS ?? 1);
const workerCount = Math.max(1, Math.min(clientCount, Number(process.env.BENCH_WORKERS ?? os.cpus().length)));
const embedded = process.env.BENCH_DATABASE === 'pglite';
/** Soar's hub sends at most one market frame per topic per 250 ms of trade time (hub.ts). */
const soarCoalesceMs = 250;
/** Shares per trade (feed-vendor.ts): a volume divided by it counts trades. */
const tradeSize = 100;
const drainLimitMs = 20_000;

type Phase = {
  offered: number;
  reflected: number;
  delivered: number;
  latency: Histogram;
  afterSlot: Histogram;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const limit = openFileLimit();
if (limit < clientCount + 200) {
  console.error(
    `bench:feed: ${clientCount} clients need about ${clientCount + 200} open files in the server process, ` +
      `but the open-file limit (ulimit -n) is ${limit}. Raise it first: ulimit -n 65536`,
  );
  process.exit(1);
}

/** The busiest US stocks of the universe, as Soar's adapter orders its subscription. */
const universe = JSON.parse(
  readFileSync(path.join(repositoryRoot, 'apps/server/src/market/data/stocks.json'), 'utf8'),
) as {
  symbol: string;
  name: string;
  market: string;
  referencePrice: string;
  averageVolume: number;
}[];
const instruments = universe
  .filter((stock) => stock.market === 'US')
  .sort((a, b) => b.averageVolume - a.averageVolume)
  .slice(0, symbolCount)
  .map((stock) => ({ symbol: stock.symbol, name: stock.name, price: Number(stock.referencePrice) }));
const symbols = instruments.map((instrument) => instrument.symbol);
const vendorInstruments: VendorInstrument[] = instruments.map(({ symbol, price }) => ({ symbol, price }));

/** Members per topic, as feed-clients.ts subscribes client j. */
const subscribers = new Map<string, number>();
for (let j = 0; j < clientCount; j++) {
  const topics = new Set(Array.from({ length: perClient }, (_, k) => `quote:${symbols[(j * 7 + k) % symbols.length]}`));
  for (const topic of topics) subscribers.set(topic, (subscribers.get(topic) ?? 0) + 1);
}

function answerOf<T extends { kind: string }>(child: ChildProcess, kind: T['kind'] | 'open-or-failed'): Promise<T> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`a bench:feed process exited with ${code}`));
    child.once('exit', exited);
    child.on('message', function listen(answer: T) {
      if (answer.kind === kind || (kind === 'open-or-failed' && (answer.kind === 'open' || answer.kind === 'failed'))) {
        child.off('message', listen);
        child.off('exit', exited);
        resolve(answer);
      }
    });
  });
}

const vendor = fork(path.join(repositoryRoot, 'bench/lib/feed-vendor.ts'), { execArgv: ['--import', 'tsx'] });
const ready = await answerOf<Extract<VendorAnswer, { kind: 'ready' }>>(vendor, 'ready');
const tell = (command: VendorCommand) => vendor.send(command);
async function totals(command: VendorCommand = { kind: 'totals' }) {
  const answer = answerOf<Extract<VendorAnswer, { kind: 'totals' }>>(vendor, 'totals');
  tell(command);
  return answer;
}

function percentile(histogram: Histogram, p: number): number {
  const sorted = [...histogram].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  const rank = Math.ceil((total * p) / 100);
  let seen = 0;
  for (const [ms, count] of sorted) {
    seen += count;
    if (seen >= rank) return ms;
  }
  return sorted.at(-1)?.[0] ?? 0;
}

type Mark = {
  at: number;
  sent: number;
  delivered: number;
  latency: Histogram;
  afterSlot: Histogram;
  volumes: TopicVolumes;
};

function merge(histograms: Histogram[]): Histogram {
  const merged = new Map<number, number>();
  for (const histogram of histograms)
    for (const [ms, count] of histogram) merged.set(ms, (merged.get(ms) ?? 0) + count);
  return [...merged];
}

/** Trades the members' volumes hold between two marks: per topic the mean over its members. */
function reflected(from: TopicVolumes, to: TopicVolumes): number {
  let trades = 0;
  for (const [topic, now] of Object.entries(to)) {
    const before = from[topic];
    trades += (now.sum / now.clients - (before ? before.sum / before.clients : 0)) / tradeSize;
  }
  return trades;
}

/** Every member holds the same volume per topic, and together they count every trade sent. */
function completeness(mark: Mark, base: Record<string, number>): string | undefined {
  let trades = 0;
  for (const [topic, expected] of subscribers) {
    const held = mark.volumes[topic];
    if (!held || held.clients < expected) return `${topic}: ${held?.clients ?? 0} of ${expected} members have a quote`;
    if (held.min * held.clients !== held.sum) return `${topic}: the members hold different volumes`;
    trades += (held.min - (base[topic.slice('quote:'.length)] ?? 0)) / tradeSize;
  }
  return trades === mark.sent ? undefined : `the members' volumes count ${trades} trades of ${mark.sent} sent`;
}

async function measure(
  started: Started,
  url: string,
  coalesceMs: number,
  base: Record<string, number>,
  serverTrades?: () => Promise<number>,
) {
  const workers = Array.from({ length: workerCount }, () =>
    fork(path.join(repositoryRoot, 'bench/lib/feed-clients.ts'), { execArgv: ['--import', 'tsx'] }),
  );
  const share = Math.ceil(clientCount / workerCount);
  const opened = await Promise.all(
    workers.map((worker, index) => {
      const first = index * share;
      const start: FeedWorkerStart = {
        kind: 'start',
        url,
        first,
        count: Math.max(0, Math.min(share, clientCount - first)),
        symbols,
        perClient,
        coalesceMs,
      };
      const answer = answerOf<FeedWorkerAnswer>(worker, 'open-or-failed');
      worker.send(start);
      return answer;
    }),
  );
  const failed = opened.find((answer) => answer.kind === 'failed');
  if (failed?.kind === 'failed') {
    for (const worker of workers) worker.kill();
    throw new Error(`bench:feed: a client could not connect: ${failed.message} (ulimit -n ${limit})`);
  }
  const mark = async (): Promise<Mark> => {
    const answers = await Promise.all(
      workers.map((worker) => {
        const answer = answerOf<Extract<FeedWorkerAnswer, { kind: 'mark' }>>(worker, 'mark');
        worker.send({ kind: 'mark' });
        return answer;
      }),
    );
    const at = performance.now();
    const { sent } = await totals();
    const volumes: TopicVolumes = {};
    for (const answer of answers) {
      for (const [topic, held] of Object.entries(answer.volumes)) {
        const entry = volumes[topic] ?? { sum: 0, min: held.min, clients: 0 };
        volumes[topic] = entry;
        entry.sum += held.sum;
        entry.min = Math.min(entry.min, held.min);
        entry.clients += held.clients;
      }
    }
    return {
      at,
      sent,
      delivered: answers.reduce((sum, answer) => sum + answer.delivered, 0),
      latency: merge(answers.map((answer) => answer.latency)),
      afterSlot: merge(answers.map((answer) => answer.afterSlot)),
      volumes,
    };
  };
  const phase = (from: Mark, to: Mark): Phase => {
    const elapsed = (to.at - from.at) / 1000;
    return {
      offered: (to.sent - from.sent) / elapsed,
      reflected: reflected(from.volumes, to.volumes) / elapsed,
      delivered: to.delivered / elapsed,
      latency: to.latency,
      afterSlot: to.afterSlot,
    };
  };

  const { clients } = await totals({ kind: 'reset', instruments: vendorInstruments });
  if (clients !== 1) throw new Error(`bench:feed: ${clients} connections on the vendor's stream, not one`);
  tell({ kind: 'rate', perSecond: rate });
  await sleep(warmup * 1000);
  const steadyFrom = await mark();
  await sleep(seconds * 1000);
  const steadyTo = await mark();
  // The vendor pauses: every trade so far must reach every member (and the server's own quotes).
  tell({ kind: 'rate', perSecond: 0 });
  let last = await mark();
  let complete = completeness(last, base);
  while (complete && last.at - steadyTo.at < drainLimitMs) {
    await sleep(250);
    last = await mark();
    complete = completeness(last, base);
  }
  const drainMs = complete ? undefined : Math.round(last.at - steadyTo.at);
  const applied = await serverTrades?.();
  tell({ kind: 'rate', perSecond: flood });
  const floodFrom = await mark();
  await sleep(floodSeconds * 1000);
  const floodTo = await mark();
  const rss = rssMb(started);
  tell({ kind: 'rate', perSecond: 0 });
  for (const worker of workers) worker.send({ kind: 'stop' });
  return {
    steady: phase(steadyFrom, steadyTo),
    flood: phase(floodFrom, floodTo),
    drainMs,
    whole: complete === undefined && (applied === undefined || applied === last.sent),
    complete:
      (complete ?? `all ${last.sent} trades in every member's volume after ${drainMs} ms`) +
      (applied === undefined ? '' : `; the server's quotes count ${applied} trades of ${last.sent} sent`),
    rssMb: rss,
  };
}

async function soarVolumes(url: string): Promise<Record<string, number>> {
  const volumes: Record<string, number> = {};
  for (const symbol of symbols) {
    const answer = (await (await fetch(`${url}/api/v1/market/quote/detail?symbol=${symbol}`)).json()) as {
      data: { volume: number };
    };
    volumes[symbol] = answer.data.volume;
  }
  return volumes;
}

const database = embedded ? undefined : `soar_bench_feed_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;
if (database) await admin(`create database ${database}`);
const soar = await startSoar({
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'bench-password',
  MARKET_ENGINE: 'on',
  MARKETS_ALWAYS_OPEN: 'true',
  ALPACA_KEY_ID: ready.keyId,
  ALPACA_SECRET_KEY: ready.secretKey,
  ALPACA_DATA_STREAM_URL: ready.streamUrl,
  ALPACA_DATA_URL: ready.url,
  ALPACA_API_URL: ready.url,
  ...(database ? { DATABASE_URL: databaseUrl.toString() } : {}),
});
const soarBase = await soarVolumes(soar.url);
const soarResult = await measure(
  soar,
  `${soar.url.replace('http', 'ws')}/api/v1/ws`,
  soarCoalesceMs,
  soarBase,
  async () => {
    const after = await soarVolumes(soar.url);
    return symbols.reduce((sum, symbol) => sum + ((after[symbol] ?? 0) - (soarBase[symbol] ?? 0)), 0) / tradeSize;
  },
);
await soar.stop();
if (database) await admin(`drop database ${database}`);

const relay = await startBaseline(path.join(repositoryRoot, 'bench/lib/feed-relay.ts'), {
  FEED_STREAM_URL: ready.streamUrl,
  FEED_KEY_ID: ready.keyId,
  FEED_SECRET_KEY: ready.secretKey,
  FEED_INSTRUMENTS: JSON.stringify(instruments),
});
const relayResult = await measure(relay, relay.url.replace('http', 'ws'), 0, {});
await relay.stop();
vendor.disconnect();

const row = (server: string, result: Awaited<ReturnType<typeof measure>>) => ({
  server,
  'trades/s sent': Math.round(result.steady.offered),
  'frames/s delivered': Math.round(result.steady.delivered),
  'p50 ms': percentile(result.steady.latency, 50),
  'p99 ms': percentile(result.steady.latency, 99),
  'after slot p50 ms': percentile(result.steady.afterSlot, 50),
  'after slot p99 ms': percentile(result.steady.afterSlot, 99),
  'flood trades/s sent': Math.round(result.flood.offered),
  'flood trades/s reflected': Math.round(result.flood.reflected),
  'pause: all in ms': result.drainMs ?? 'never',
  'RSS MB': result.rssMb,
});
console.table([
  row('bare ws relay', relayResult),
  row(`soar alpaca adapter (${embedded ? 'PGlite' : 'PostgreSQL'})`, soarResult),
]);
console.log(
  `${clientCount} members in ${workerCount} worker processes, ${perClient} topic(s) each, ${symbols.length} symbols ` +
    `(${Math.round(clientCount / symbols.length) * perClient} members a symbol); steady ${rate} trades/s for ${seconds} s, ` +
    `flood ${flood} trades/s for ${floodSeconds} s`,
);
console.log(
  `steady: trades/s in the members' volumes: soar ${Math.round(soarResult.steady.reflected)}, relay ${Math.round(relayResult.steady.reflected)}`,
);
console.log(`soar: ${soarResult.complete}`);
console.log(`relay: ${relayResult.complete}`);
// A trade lost on the way is a fault, not a figure: the run does not count.
if (!soarResult.whole || !relayResult.whole) process.exitCode = 1;
const soarP99 = percentile(soarResult.steady.latency, 99);
const relayP99 = percentile(relayResult.steady.latency, 99);
console.log(
  `p99 (vendor send to member): soar ${soarP99} ms, relay ${relayP99} ms: ${(soarP99 / Math.max(1, relayP99)).toFixed(2)}x (goal <= 1.5x)`,
);
const soarSlot = percentile(soarResult.steady.afterSlot, 99);
console.log(
  `p99 after the coalescing slot: soar ${soarSlot} ms, relay ${relayP99} ms: ${(soarSlot / Math.max(1, relayP99)).toFixed(2)}x`,
);
console.log(
  `trades/s that reach the members under a flood: soar ${Math.round(soarResult.flood.reflected)}, relay ` +
    `${Math.round(relayResult.flood.reflected)}: ${(soarResult.flood.reflected / relayResult.flood.reflected).toFixed(2)} (goal >= 0.8)` +
    (soarResult.flood.reflected > 0.95 * soarResult.flood.offered
      ? ' (soar took the whole flood: raise BENCH_FEED_FLOOD)'
      : ''),
);
