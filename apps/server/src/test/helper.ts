import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

export const testConfig: Config = {
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  logLevel: 'silent',
  webDist: '/nonexistent',
  trustProxy: false,
  rateLimitMax: 1000,
  inMemoryDatabase: true,
  marketEngine: 'off',
  engineLeaseSeconds: 5,
  simulatorSeed: 1,
  marketsAlwaysOpen: false,
};

/**
 * A fresh database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new PostgreSQL database created beside it and dropped by `drop()`.
 */
export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true });
    return { handle, drop: async () => {} };
  }
  const name = `soar_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    handle,
    url: url.toString(),
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * `pool.end()` resolves before its sockets have closed; dropping `with (force)` at once kills
 * those closing connections and their clients throw. So wait for them to go, then force.
 */
async function dropDatabase(serverUrl: string, name: string) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type TestApp = { app: FastifyInstance; close(): Promise<void> };

/** Builds the app in-process on a fresh database; call `close()` in `afterAll`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Omit<AppOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ ...testConfig, ...overrides }, { ...options, database: database.handle });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
