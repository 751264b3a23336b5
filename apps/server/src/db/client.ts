import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type: code never branches on the driver underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions = { url?: string; dataDir?: string; inMemory?: boolean };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.inMemory ? undefined : options.dataDir);
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  let closing = false;
  // An idle client whose connection drops (a server restart) must not crash the process: the pool
  // replaces it. While closing, clients still ending may see their database go; that is expected.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL idle client lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    async migrate() {
      // Two API nodes starting together must not apply the same migration twice.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('soar:migrate'))");
        await migratePg(db, { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('soar:migrate'))");
        client.release();
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

function openPglite(dataDir: string | undefined): DatabaseHandle {
  let directory: string | undefined;
  if (dataDir) {
    directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
  }
  const client = new PGlite(directory);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Raw SQL rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
