import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
/**
 * The one database type: code never branches on the driver underneath. No relational schema is
 * given to drizzle: the code uses no `db.query.*`, and with a schema drizzle builds a query builder
 * per table for every transaction it opens.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseOptions = { url?: string; dataDir?: string; inMemory?: boolean };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.inMemory ? undefined : options.dataDir);
}

/**
 * Names every parameterised statement after its text, so each connection parses and plans it once
 * and afterwards only binds and executes it (what postgres.js and JDBC do by default). Drizzle
 * writes values as $n parameters, so a statement's text is the same on every call; texts that vary
 * (lists of values) stop being named once `preparedLimit` texts are known. The server
 * keeps each connection's prepared statements until the connection closes.
 */
const preparedNames = new Map<string, string>();
const preparedLimit = 500;

function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < preparedLimit) {
    name = `soar_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloads, passed through unchanged
  override query(...args: any[]): any {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name) args.splice(0, 2, { text: config, values, name });
    } else if (typeof config === 'object' && config !== null && typeof config.text === 'string' && !config.name) {
      const parameters = values ?? config.values;
      if (Array.isArray(parameters) && parameters.length > 0) {
        const name = statementName(config.text);
        if (name) args[0] = { ...config, name };
      }
    }
    return Reflect.apply(super.query, this, args);
  }
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20, Client: PreparingClient });
  let closing = false;
  // An idle client whose connection drops (a server restart) must not crash the process: the pool
  // replaces it. While closing, clients still ending may see their database go; that is expected.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL idle client lost: ${error.message}`);
  });
  const db = drizzlePg(pool);
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

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir) {
    directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    if (!existsSync(path.join(directory, 'PG_VERSION'))) await createCluster(directory);
  }
  // PostgreSQL's default of 128 MB of shared buffers is most of PGlite's resident memory, and its
  // WASM memory never shrinks; the embedded database serves one demo or one test file
  // (docs/performance.md, bench:ws).
  const client = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * A first start creates the embedded cluster (initdb) in a worker thread, then the server opens it.
 * PGlite's WASM memory never shrinks, and initdb grows it to about 800 MB, which the server would
 * keep for its whole life; the same cluster opened afresh takes about a third of that
 * (docs/performance.md, bench:ws). The worker's memory goes with the worker.
 */
async function createCluster(directory: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const worker = new Worker(
    `import(${JSON.stringify(pglite)})
       .then(({ PGlite }) => PGlite.create(${JSON.stringify(directory)}))
       .then((db) => db.close());`,
    { eval: true },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb worker exited with ${code}`))));
  });
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Raw SQL rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database | Transaction, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: false,
  ): { execute(): Promise<unknown> };
};

/**
 * Sends a statement written as constant text with $n parameters through the transaction's own
 * session, without drizzle building it on every call; values are decoded as by `queryRows` (so
 * `tableRow` reads them as a drizzle select would). For the few statements every money
 * transaction and every review sends (docs/performance.md, bench:ledger).
 */
export async function queryText<T>(db: Database | Transaction, text: string, values: unknown[]): Promise<T[]> {
  const session = (db as unknown as { _: { session: Session } })._.session;
  const result = await session.prepareQuery({ sql: text, params: values }, undefined, undefined, false).execute();
  return (result as { rows: T[] }).rows;
}
