// bench:web — the home route's JavaScript and CSS and a Lighthouse mobile run, next to an empty
// React page built with the same Vite and served by the same server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { printTable } from './lib/load.ts';
import { repositoryRoot, startServer } from './lib/process.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const emptyDist = path.join(repositoryRoot, 'bench/web-empty/dist');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Bundle = { js: number; css: number; files: number };

function build(args: string[]): void {
  const result = spawnSync('npx', args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build failed: npx ${args.join(' ')}`);
}

/**
 * gzip bytes of `index.html`'s entry chunk and every chunk and stylesheet it and `pages` import
 * statically (the offline page, the other entry, is not part of the home route).
 */
function eagerBundle(dist: string, pages: string[]): Bundle {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const page of pages) visit(page);
  const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  return {
    js: chunks.reduce((sum, chunk) => sum + gzip(chunk.file), 0),
    css: [...css].reduce((sum, file) => sum + gzip(file), 0),
    files: chunks.length + css.size,
  };
}

type Metrics = { score: number; lcp: number; tbt: number; cls: number; benchmarkIndex: number };

/** Storage Lighthouse clears before each run: by default everything, the service worker too. */
type Visit = 'cold' | 'warm';

async function audit(
  url: string,
  port: number,
  cpuSlowdownMultiplier: number,
  visit: Visit = 'cold',
): Promise<Metrics> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        // A warm visit keeps the service worker and its cache; the HTTP cache is cleared either way.
        ...(visit === 'warm' && { clearStorageTypes: ['file_systems', 'shader_cache'] }),
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: {
          rttMs: 150,
          throughputKbps: 1638.4,
          requestLatencyMs: 562.5,
          downloadThroughputKbps: 1474.56,
          uploadThroughputKbps: 675,
          cpuSlowdownMultiplier,
        },
      },
    },
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: Math.round(numeric('largest-contentful-paint')),
    tbt: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse's 4x CPU slowdown stands for a mid-range phone on a fast desktop (benchmarkIndex
 * about 1500). A slower or busier machine is already slow, so the multiplier shrinks with the
 * measured index (Lighthouse docs, throttling.md: ~1000 gives 2x, ~750 and below 1x).
 */
function calibrate(benchmarkIndex: number): number {
  const points: [number, number][] = [
    [750, 1],
    [1000, 2],
    [1500, 4],
  ];
  if (benchmarkIndex <= 750) return 1;
  if (benchmarkIndex >= 1500) return 4;
  const upper = points.findIndex(([index]) => benchmarkIndex <= index);
  const [x0, y0] = points[upper - 1] as [number, number];
  const [x1, y1] = points[upper] as [number, number];
  return Number((y0 + ((benchmarkIndex - x0) / (x1 - x0)) * (y1 - y0)).toFixed(2));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function medians(label: string, results: Metrics[]) {
  return {
    label,
    score: median(results.map((r) => r.score)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
  };
}

/**
 * Opens the page once and waits until its service worker controls it (installed, its files
 * cached), then prints what Chrome says of the app's installability: Lighthouse 12 dropped its
 * `installable-manifest` audit, which read these same two calls.
 */
async function installServiceWorker(url: string, port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction('navigator.serviceWorker.controller !== null', { timeout: 60_000 });
    const session = await page.createCDPSession();
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const manifest = await session.send('Page.getAppManifest');
    console.log(`manifest ${manifest.url}: ${manifest.errors.length} errors ${JSON.stringify(manifest.errors)}`);
    console.log(
      `installability (Chrome's checks, Page.getInstallabilityErrors): ${
        installabilityErrors.length === 0 ? 'installable' : JSON.stringify(installabilityErrors)
      }`,
    );
    if (installabilityErrors.length > 0 || manifest.errors.length > 0) process.exitCode = 1;
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * The median of `runs` Lighthouse runs of `/`; with `warm`, also of the second visit, which the
 * service worker controls (its files from its cache, not from the HTTP cache).
 */
async function measure(label: string, dist: string, multiplier: number, port: number, warm = false) {
  const server = await startServer(path.join(repositoryRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'bench-password',
    WEB_DIST: dist,
  });
  const url = `${server.url}/`;
  try {
    await audit(url, port, multiplier); // warm-up: server caches, Chrome's disk cache is cleared per run
    const cold: Metrics[] = [];
    for (let run = 0; run < runs; run += 1) cold.push(await audit(url, port, multiplier));
    if (!warm) return [medians(label, cold)];
    await installServiceWorker(url, port);
    const second: Metrics[] = [];
    for (let run = 0; run < runs; run += 1) second.push(await audit(url, port, multiplier, 'warm'));
    return [medians(label, cold), medians(`${label}, second visit (service worker)`, second)];
  } finally {
    await server.stop();
  }
}

build(['vite', 'build', '--logLevel', 'warn', 'apps/web']);
build(['vite', 'build', '--logLevel', 'warn', 'bench/web-empty', '--outDir', 'dist', '--emptyOutDir', '--manifest']);
if (!existsSync(path.join(emptyDist, 'index.html'))) throw new Error('the empty page did not build');

const home = eagerBundle(webDist, ['src/pages/main/home/index.tsx']);
const empty = eagerBundle(emptyDist, []);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
printTable([
  { page: 'Soar home route', 'JS gzip': kib(home.js), 'CSS gzip': kib(home.css), files: home.files },
  { page: 'empty React page', 'JS gzip': kib(empty.js), 'CSS gzip': kib(empty.css), files: empty.files },
]);
console.log(`home route JS: ${kib(home.js)} (goal <= 130 KiB), ${(home.js / empty.js).toFixed(2)}x the empty page`);

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] });
try {
  const probe = await startServer(path.join(repositoryRoot, 'apps/server/src/main.ts'), {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'bench-password',
    WEB_DIST: emptyDist,
  });
  const { benchmarkIndex } = await audit(`${probe.url}/`, chrome.port, 1).finally(() => probe.stop());
  // BENCH_CPU_SLOWDOWN fixes the multiplier, to compare runs on a machine whose load moves.
  const multiplier = process.env.BENCH_CPU_SLOWDOWN
    ? Number(process.env.BENCH_CPU_SLOWDOWN)
    : calibrate(benchmarkIndex);
  console.log(`benchmarkIndex ${benchmarkIndex}: CPU slowdown ${multiplier}x; median of ${runs} runs each`);
  const [soar, soarWarm] = await measure('Soar home', webDist, multiplier, chrome.port, true);
  const [bare] = await measure('empty React page', emptyDist, multiplier, chrome.port);
  if (!soar || !soarWarm || !bare) throw new Error('a measurement is missing');
  printTable(
    [soar, soarWarm, bare].map(({ label, score, lcp, tbt, cls }) => ({
      page: label,
      score,
      'LCP ms': lcp,
      'TBT ms': tbt,
      CLS: cls,
    })),
  );
  console.log(
    `ratios (Soar / empty): score ${(soar.score / bare.score).toFixed(2)}, LCP ${(soar.lcp / bare.lcp).toFixed(2)}, ` +
      `TBT ${bare.tbt === 0 ? `${soar.tbt} ms vs 0` : (soar.tbt / bare.tbt).toFixed(2)} (goals: score >= 95, TBT <= 150 ms)`,
  );
  if (soar.score < 95 || soar.tbt > 150 || home.js > 130 * 1024) process.exitCode = 1;
} finally {
  chrome.kill();
}
