// bench:first-start — on an empty DATA_DIR: how soon after listening the charts are full and
// how fast the API answers in the first seconds (issue 9, A; docs/performance.md).
import autocannon from 'autocannon';
import { printTable } from './lib/load.ts';
import { startSoar } from './lib/process.ts';

const started = performance.now();
const soar = await startSoar({
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'bench-password',
});
const listening = performance.now();
const charts: Record<string, string | number>[] = [];
for (const [symbol, interval] of [
  ['AAPL', '1m'],
  ['7203.T', '1m'],
  ['AAPL', '1d'],
] as const) {
  const response = await fetch(`${soar.url}/api/v1/market/kline?symbol=${symbol}&interval=${interval}&limit=1000`);
  const body = (await response.json()) as { data: { list: unknown[] } };
  charts.push({
    chart: `${symbol} ${interval}`,
    bars: body.data.list.length,
    'answered ms after listening': Math.round(performance.now() - listening),
  });
}
const slices = [];
for (let slice = 1; slice <= 3; slice++) {
  const result = await autocannon({ url: `${soar.url}/api/v1/language/list`, connections: 50, duration: 5 });
  slices.push({
    slice: `${(slice - 1) * 5}-${slice * 5} s`,
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
  });
}
await soar.stop();
console.log(`listening after ${Math.round(listening - started)} ms (process start to the "serving" line)`);
printTable(charts);
printTable(slices);
