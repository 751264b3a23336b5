import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

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
