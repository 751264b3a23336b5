import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.ts';

/**
 * A row of `table` from a raw statement (`queryRows`), decoded and keyed as drizzle's own selects
 * answer it: the raw row's columns are named as in the database, after `prefix` when several
 * tables share one result row.
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>, prefix = ''): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[`${prefix}${column.name}`];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

const dialect = new PgDialect();

/**
 * Raw rows of a statement prepared once per connection under `name` (PostgreSQL then skips its
 * parse and plan); the name must always carry the same text. The embedded database ignores it.
 */
export async function preparedRows<T>(db: Database | Transaction, name: string, statement: SQL): Promise<T[]> {
  const result = await db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
