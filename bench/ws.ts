// bench:ws — BENCH_CLIENTS WebSocket clients (default 2,000), each subscribed to 20 symbols, on
// Soar's /api/v1/ws next to a bare `ws` broadcast server at the same tick rate, same run.
// 10,000 clients need about 20,000 file descriptors: run `ulimit -n 65536` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { repositoryRoot, type Started, startServer } from './lib/process.ts';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const perClient = 20;

type Result = { delivered: number; perSecond: number; p50: number; p99: number; rssMb: number; ticksPerSecond: number };

function rssMb(started: Started): number {
  const status = readFileSync(`/proc/${started.child.pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number);
}

async function measure(started: Started, url: string, symbols: string[]): Promise<Result> {
  const sockets: WebSocket[] = [];
  let counting = false;
  let delivered = 0;
  const latencies: number[] = [];
  const ticks = new Set<string>();
  for (let i = 0; i < clientCount; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(clientCount, i + 500); j++) {
      const topics = Array.from({ length: perClient }, (_, k) => `quote:${symbols[(j * 7 + k) % symbols.length]}`);
      batch.push(
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(url);
          sockets.push(socket);
          socket.once('open', () => {
            socket.send(JSON.stringify({ op: 'sub', topics: [...new Set(topics)] }));
            resolve();
          });
          socket.once('error', reject);
          socket.on('message', (raw) => {
            if (!counting) return;
            const frame = JSON.parse(raw.toString()) as { topic?: string; data?: { time?: string } };
            if (!frame.topic || !frame.data?.time) return;
            delivered++;
            latencies.push(Date.now() - Date.parse(frame.data.time));
            if (latencies.length > 2_000_000) latencies.splice(0, 1_000_000);
            ticks.add(`${frame.topic}|${frame.data.time}`);
          });
        }),
      );
    }
    await Promise.all(batch);
  }
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const rss = rssMb(started);
  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  return {
    delivered,
    perSecond: delivered / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rssMb: rss,
    ticksPerSecond: ticks.size / seconds,
  };
}

const soar = await startServer(path.join(repositoryRoot, 'apps/server/src/main.ts'), {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'bench-password',
  MARKETS_ALWAYS_OPEN: 'true',
});
const list = (await (await fetch(`${soar.url}/api/v1/market/quote/list?pageSize=100`)).json()) as {
  data: { list: { symbol: string }[] };
};
const symbols = list.data.list.map((quote) => quote.symbol);
const soarResult = await measure(soar, `${soar.url.replace('http', 'ws')}/api/v1/ws`, symbols);
await soar.stop();

const bare = await startServer(path.join(repositoryRoot, 'bench/lib/bare-ws.ts'), {
  BARE_SYMBOLS: symbols.join(','),
  BARE_TICKS_PER_SECOND: String(soarResult.ticksPerSecond),
});
const bareResult = await measure(bare, bare.url.replace('http', 'ws'), symbols);
await bare.stop();

const row = (server: string, result: Result) => ({
  server,
  clients: clientCount,
  'symbol ticks/s': Math.round(result.ticksPerSecond),
  'delivered msg/s': Math.round(result.perSecond),
  'p50 ms': result.p50,
  'p99 ms': result.p99,
  'server RSS MB': result.rssMb,
});
console.table([row('bare ws broadcast', bareResult), row('soar /api/v1/ws', soarResult)]);
const ratio = soarResult.perSecond / bareResult.perSecond;
console.log(`ratio (soar / bare ws delivered messages per second): ${ratio.toFixed(2)} (goal >= 0.90)`);
console.log(`soar p99 tick-to-client latency: ${soarResult.p99} ms (goal < 150 ms at 10,000 clients)`);
