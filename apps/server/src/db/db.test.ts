import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createTestDatabase, testConfig } from '../test/helper.ts';
import { type DatabaseHandle, queryRows } from './client.ts';
import { currencies } from './schema/index.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function tableNames(handle: DatabaseHandle) {
  const rows = await queryRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('apply on a fresh database and again without effect', async () => {
    const database = await createTestDatabase();
    try {
      await database.handle.migrate();
      const first = await tableNames(database.handle);
      expect(first).toEqual(expect.arrayContaining(['app_settings', 'currencies', 'languages', 'markets']));
      await database.handle.migrate();
      expect(await tableNames(database.handle)).toEqual(first);
    } finally {
      await database.handle.close();
      await database.drop();
    }
  });
});

type Target = { name: string; config(): Promise<Partial<Config>>; cleanup(): Promise<void> };

const targets: Target[] = [
  {
    name: 'the embedded PGlite in DATA_DIR',
    async config() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'soar-restart-'));
      dirs.push(dataDir);
      return { dataDir, inMemoryDatabase: false };
    },
    cleanup: async () => {},
  },
];
if (process.env.TEST_DATABASE_URL) {
  let drop = async () => {};
  targets.push({
    name: 'PostgreSQL',
    async config() {
      const database = await createTestDatabase();
      await database.handle.close();
      drop = database.drop;
      return { databaseUrl: database.url, inMemoryDatabase: false };
    },
    cleanup: () => drop(),
  });
}

describe('restart', () => {
  it.each(targets)('keeps data and operator edits in $name', async (target) => {
    const config = { ...testConfig, ...(await target.config()) };
    try {
      const first = await buildApp(config);
      await first.db.update(currencies).set({ rateToUsd: '1.2345' }).where(eq(currencies.code, 'EUR'));
      await first.close();

      const second = await buildApp(config);
      const res = await second.inject({ url: '/api/v1/currency/list' });
      expect(res.json().data.find((c: { code: string }) => c.code === 'EUR').rateToUsd).toBe('1.2345');
      await second.close();
    } finally {
      await target.cleanup();
    }
  });
});
