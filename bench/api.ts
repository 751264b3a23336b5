// bench:api — GET /api/v1/language/list on Soar next to a bare Fastify hello-world, same run.
import path from 'node:path';
import { load, printTable } from './lib/load.ts';
import { repositoryRoot, startServer } from './lib/process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const bare = await startServer(path.join(repositoryRoot, 'bench/lib/bare-fastify.ts'));
const baseline = await load(`${bare.url}/`, { seconds, connections });
await bare.stop();

const soar = await startServer(path.join(repositoryRoot, 'apps/server/src/main.ts'), {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'bench-password',
});
const measured = await load(`${soar.url}/api/v1/language/list`, { seconds, connections });
await soar.stop();

printTable([
  {
    server: 'bare fastify GET /',
    'req/s': Math.round(baseline.requestsPerSecond),
    'p99 ms': baseline.p99Ms,
    errors: baseline.errors + baseline.non2xx,
  },
  {
    server: 'soar GET /api/v1/language/list',
    'req/s': Math.round(measured.requestsPerSecond),
    'p99 ms': measured.p99Ms,
    errors: measured.errors + measured.non2xx,
  },
]);
const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
console.log(
  `ratio (soar / bare fastify requests per second): ${ratio.toFixed(2)} (goal >= 0.90 from a fresh start, issue 9 A)`,
);
if (measured.errors + measured.non2xx > 0) {
  console.error('soar answered with errors during the run');
  process.exitCode = 1;
}
