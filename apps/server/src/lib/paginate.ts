import type { PgSelect } from 'drizzle-orm/pg-core';

export type PageQuery = { page: number; pageSize: number };
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/**
 * One page of a list call (`?page=&pageSize=`, docs/api.md): `rows` is the ordered select made
 * `$dynamic()`, `total` the count over the same filter; both run at once.
 */
export async function paginate<Q extends PgSelect, V>(
  query: PageQuery,
  rows: Q,
  total: PromiseLike<{ total: number }[]>,
  view: (row: Awaited<Q>[number]) => V,
): Promise<Page<V>> {
  const [list, [counted]] = await Promise.all([
    rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize) as unknown as Promise<Awaited<Q>>,
    total,
  ]);
  return { list: list.map(view), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One page of a list held in memory (the market engine's quotes), in the same shape. */
export function pageOf<T>(query: PageQuery, items: T[]): Page<T> {
  const start = (query.page - 1) * query.pageSize;
  return {
    list: items.slice(start, start + query.pageSize),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
