import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'soar-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      // The market engine (ticks, computed history) is covered by src/market/*.test.ts.
      MARKET_ENGINE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = output.match(/serving on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  return { child, address, exited, output: () => output };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  return exited;
}

// A first start migrates the embedded database and seeds the demo's 120 days of history: on a
// busy two-core machine that alone can pass the suite's 30 s.
describe('the server process', { timeout: 120_000 }, () => {
  it('starts on an empty DATA_DIR, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = start({});
    const url = await server.address;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const languages = (await (await fetch(`${url}/api/v1/language/list`)).json()) as { data: unknown[] };
    expect(languages.data).toHaveLength(7);
    expect(await stop(server.child, server.exited)).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    expect(server.output()).toContain('demo logins: member demo@soar.local / demo1234');
  });

  it('starts again on the same DATA_DIR and stops on SIGINT', async () => {
    const server = start({});
    const url = await server.address;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start on a bad variable and names it', async () => {
    const server = start({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="abc"');
    server.address.catch(() => {});
  });
});
