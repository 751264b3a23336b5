import { maxBalance } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { balances, journalEntries, journalLines } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { assertBalanced, type Book, type EntryHeader, type Posting } from './ledger.ts';

export type BatchEntry = { header: EntryHeader; postings: Posting[] };

/**
 * Some members' balances cannot take their entries of a batch in order: nothing of the batch may
 * stand (the caller rolls the transaction back), and the caller posts those members' entries one
 * by one to find the one that cannot be covered.
 */
export class BatchRefused extends Error {
  constructor(readonly userIds: number[]) {
    super(`the balances of members ${userIds.join(', ')} cannot cover their entries`);
    this.name = 'BatchRefused';
  }
}

type Line = Posting & { amount: Money };

const limit = new Money(maxBalance);
type Sides = { available: Money; frozen: Money };

/**
 * Posts many entries in `book`'s transaction with a handful of statements, as if each were
 * `book.post` in the given order: each entry balanced and its own journal entry with its lines,
 * each member line with its balance after. The touched balance rows are locked in the ledger's
 * order (user id, then currency), checked entry by entry against the same limits as `post`
 * (never below zero, never above `maxBalance`), then updated once each with the sum. Throws
 * `BatchRefused` naming the members whose balance would break a limit at some entry.
 */
export async function postMany(book: Book, entries: BatchEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const linesOf = entries.map(({ postings }) => {
    const lines: Line[] = postings
      .map((posting) => ({ ...posting, amount: new Money(posting.amount) }))
      .filter((posting) => !posting.amount.isZero());
    assertBalanced(lines);
    return lines;
  });

  // Each entry's change per (member, currency), as `post` would apply it.
  const keys = new Map<string, { userId: number; currency: string }>();
  const changes = linesOf.map((lines) => {
    const change = new Map<string, Sides>();
    for (const line of lines) {
      if (!('userId' in line)) continue;
      const key = `${line.userId}:${line.currency}`;
      keys.set(key, { userId: line.userId, currency: line.currency });
      const sides = change.get(key) ?? { available: new Money(0), frozen: new Money(0) };
      sides[line.bucket] = sides[line.bucket].plus(line.amount);
      change.set(key, sides);
    }
    for (const sides of change.values()) {
      if (sides.available.gt(limit) || sides.frozen.gt(limit)) throw new AppError('BALANCE_LIMIT');
    }
    return change;
  });
  const ordered = [...keys.entries()].sort(
    ([, a], [, b]) => a.userId - b.userId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );

  // Lock the rows in the ledger's order; a row not there yet counts as zero (created below).
  const locked = await queryRows<{ user_id: number; currency: string; available: string; frozen: string }>(
    book.tx,
    sql`select b.user_id, b.currency, b.available::text as available, b.frozen::text as frozen
        from ${balances} b
        join jsonb_to_recordset(${JSON.stringify(ordered.map(([, key]) => key))}::jsonb)
          as k("userId" integer, currency text) on b.user_id = k."userId" and b.currency = k.currency
        order by b.user_id, b.currency for update of b`,
  );
  const running = new Map<string, Sides>(
    ordered.map(([key]) => [key, { available: new Money(0), frozen: new Money(0) }]),
  );
  for (const row of locked) {
    running.set(`${row.user_id}:${row.currency}`, {
      available: new Money(row.available),
      frozen: new Money(row.frozen),
    });
  }

  // Entry by entry, as `post` would: every balance after stays within its limits.
  const refused = new Set<number>();
  const afterEntry: Map<string, Sides>[] = [];
  for (const change of changes) {
    const after = new Map<string, Sides>();
    for (const [key, sides] of change) {
      const state = running.get(key) as Sides;
      state.available = state.available.plus(sides.available);
      state.frozen = state.frozen.plus(sides.frozen);
      const within = (value: Money) => !value.isNegative() && !value.gt(limit);
      if (!within(state.available) || !within(state.frozen)) refused.add((keys.get(key) as { userId: number }).userId);
      after.set(key, { ...state });
    }
    afterEntry.push(after);
  }
  if (refused.size > 0) throw new BatchRefused([...refused].sort((a, b) => a - b));

  // One write per row: the sum of the batch, under the same guard as `post`.
  const present = new Set(locked.map((row) => `${row.user_id}:${row.currency}`));
  const totals = ordered.map(([key, { userId, currency }]) => {
    const sum = { available: new Money(0), frozen: new Money(0) };
    for (const change of changes) {
      const sides = change.get(key);
      if (!sides) continue;
      sum.available = sum.available.plus(sides.available);
      sum.frozen = sum.frozen.plus(sides.frozen);
    }
    return { userId, currency, available: moneyString(sum.available), frozen: moneyString(sum.frozen), key };
  });
  const updates = totals.filter(({ key }) => present.has(key));
  const creates = totals.filter(({ key }) => !present.has(key));
  const written = await queryRows<{ user_id: number }>(
    book.tx,
    sql`update ${balances} set available = ${balances.available} + t.available,
          frozen = ${balances.frozen} + t.frozen, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          as t("userId" integer, currency text, available numeric, frozen numeric)
        where ${balances.userId} = t."userId" and ${balances.currency} = t.currency
          and ${balances.available} + t.available >= 0 and ${balances.frozen} + t.frozen >= 0
          and ${balances.available} + t.available <= ${maxBalance}::numeric
          and ${balances.frozen} + t.frozen <= ${maxBalance}::numeric
        returning user_id`,
  );
  if (written.length !== updates.length) throw new Error('a locked balance row refused its checked change');
  if (creates.length > 0) {
    // Rows created by a concurrent first movement meanwhile are added to, as `post` does.
    const created = await queryRows<{ user_id: number }>(
      book.tx,
      sql`insert into ${balances} (user_id, currency, available, frozen)
          select t."userId", t.currency, t.available, t.frozen
          from jsonb_to_recordset(${JSON.stringify(creates)}::jsonb)
            as t("userId" integer, currency text, available numeric, frozen numeric)
          order by t."userId", t.currency
          on conflict (user_id, currency) do update set available = ${balances.available} + excluded.available,
            frozen = ${balances.frozen} + excluded.frozen, updated_at = now()
            where ${balances.available} + excluded.available <= ${maxBalance}::numeric
              and ${balances.frozen} + excluded.frozen <= ${maxBalance}::numeric
          returning user_id`,
    );
    if (created.length !== creates.length) throw new AppError('BALANCE_LIMIT');
  }
  for (const [key, value] of ordered) book.touched.set(key, value);

  // Each member line's balance after: walk each entry's lines backwards from the entry's balances.
  const entryRows = entries.map(({ header }, index) => ({
    n: index + 1,
    kind: header.kind,
    reference: header.reference,
    userId: header.userId ?? null,
  }));
  const lineRows: {
    n: number;
    at: number;
    account: string;
    userId: number | null;
    currency: string;
    amount: string;
    after: string | null;
  }[] = [];
  linesOf.forEach((lines, index) => {
    const state = new Map(
      [...(afterEntry[index] as Map<string, Sides>)].map(([key, sides]) => [key, { ...sides }] as const),
    );
    const after: (string | null)[] = new Array(lines.length).fill(null);
    for (let at = lines.length - 1; at >= 0; at -= 1) {
      const line = lines[at] as Line;
      if (!('userId' in line)) continue;
      const sides = state.get(`${line.userId}:${line.currency}`) as Sides;
      after[at] = moneyString(sides[line.bucket]);
      sides[line.bucket] = sides[line.bucket].minus(line.amount);
    }
    lines.forEach((line, at) => {
      lineRows.push({
        n: index + 1,
        at: lineRows.length + 1,
        account: 'userId' in line ? line.bucket : `platform:${line.platform}`,
        userId: 'userId' in line ? line.userId : null,
        currency: line.currency,
        amount: moneyString(line.amount),
        after: after[at] ?? null,
      });
    });
  });

  // The entries take their ids in order first, so each line finds its entry; lines keep their order.
  const ids = await queryRows<{ id: string }>(
    book.tx,
    sql`with ids as materialized (
          select n, nextval(pg_get_serial_sequence('journal_entries', 'id')) as id
          from generate_series(1, ${entries.length}::integer) as n order by n),
        entry as (
          insert into ${journalEntries} (id, kind, reference, user_id)
          select ids.id, e.kind, e.reference, e."userId"
          from jsonb_to_recordset(${JSON.stringify(entryRows)}::jsonb)
            as e(n integer, kind text, reference text, "userId" integer)
          join ids on ids.n = e.n order by e.n),
        line as (
          insert into ${journalLines} (entry_id, account, user_id, currency, amount, balance_after)
          select ids.id, l.account, l."userId", l.currency, l.amount, l.after
          from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb)
            as l(n integer, at integer, account text, "userId" integer, currency text, amount numeric, after numeric)
          join ids on ids.n = l.n order by l.at)
        select id::text as id from ids order by n`,
  );
  return ids.map(({ id }) => Number(id));
}
