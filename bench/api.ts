// bench:api — GET /api/v1/language/list on Soar next to a bare Fastify answering the very same
// bytes (document and headers); the bare server's short document of the first baseline is
// measured too, for reference. Both servers start fresh and are loaded in turns, the other one
// stopped, so the machine's drift in speed falls on both alike (docs/performance.md, bench:api).
import path from 'node:path';
import { loadInTurns, type Pausable, printTable } from './lib/load.ts';
import { repositoryRoot, type Started, startBaseline, startSoar } from './lib/process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const slices = Number(process.env.BENCH_SLICES ?? 5);
const soarPath = '/api/v1/language/list';

/** What a client receives, less the date: the bytes both servers must send for a fair ratio. */
async function answer(url: string) {
  const response = await fetch(url);
  const headers = [...response.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name));
  return JSON.stringify({ headers: headers.sort(), body: await response.text() });
}

const pausable = (server: Started): Pausable => ({
  pause: () => server.child.kill('SIGSTOP'),
  resume: () => server.child.kill('SIGCONT'),
});

const bare = await startBaseline(path.join(repositoryRoot, 'bench/lib/bare-fastify.ts'));
const soar = await startSoar({ NODE_ENV: 'production', ADMIN_PASSWORD: 'bench-password' });
const sameBare = await answer(`${bare.url}/same`);
const sameSoar = await answer(`${soar.url}${soarPath}`);
const [bareServer, soarServer] = [pausable(bare), pausable(soar)];
const [short, baseline, measured] = await loadInTurns(
  [
    { url: `${bare.url}/`, server: bareServer },
    { url: `${bare.url}/same`, server: bareServer },
    { url: `${soar.url}${soarPath}`, server: soarServer },
  ],
  { seconds, connections, slices },
);
await bare.stop();
await soar.stop();
if (!short || !baseline || !measured) throw new Error('a load did not run');

const row = (server: string, result: typeof measured) => ({
  server,
  'req/s': Math.round(result.requestsPerSecond),
  'p99 ms': result.p99Ms,
  errors: result.errors + result.non2xx,
});
printTable([
  row('bare fastify GET / (short document, no headers: reference)', short),
  row("bare fastify GET /same (Soar's bytes: baseline)", baseline),
  row(`soar GET ${soarPath}`, measured),
]);
const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
const shortRatio = measured.requestsPerSecond / short.requestsPerSecond;
console.log(
  `ratio (soar / bare fastify with the same bytes): ${ratio.toFixed(2)} (goal >= 0.90 from a fresh start, issue 9 A); against the short document: ${shortRatio.toFixed(2)}`,
);
if (sameSoar !== sameBare) {
  console.error(`the baseline no longer answers Soar's bytes:\nsoar ${sameSoar}\nbare ${sameBare}`);
  process.exitCode = 1;
}
if (measured.errors + measured.non2xx > 0) {
  console.error('soar answered with errors during the run');
  process.exitCode = 1;
}
