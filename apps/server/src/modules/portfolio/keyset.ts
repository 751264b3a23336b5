import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';

export const batchSize = 1000;

/** A member's rows of one table in (time, id) order, a batch at a time, each batch one index range. */
export async function* byTime<T extends { at: Date | string; id: number }>(
  db: Database,
  select: (after: SQL) => SQL,
  time: SQL,
  id: SQL,
): AsyncGenerator<T> {
  let after = sql``;
  for (;;) {
    const rows = await queryRows<T>(db, sql`${select(after)} order by ${time}, ${id} limit ${batchSize}`);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = sql`and (${time}, ${id}) > (${new Date(last.at).toISOString()}::timestamptz, ${last.id})`;
  }
}

/** Two ordered streams as one, in `before`'s order (ties go to the first). */
export async function* merged<A, B>(
  first: AsyncGenerator<A>,
  second: AsyncGenerator<B>,
  before: (a: A, b: B) => boolean,
): AsyncGenerator<A | B> {
  let a = await first.next();
  let b = await second.next();
  while (!a.done || !b.done) {
    if (!a.done && (b.done || before(a.value, b.value))) {
      yield a.value;
      a = await first.next();
    } else if (!b.done) {
      yield b.value;
      b = await second.next();
    }
  }
}
