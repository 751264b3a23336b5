import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../../db/client.ts';
import { balances, journalEntries, journalLines } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/bus.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { claimIdempotencyKey, type IdempotencyClaim, saveIdempotentAnswer } from './idempotency.ts';

/** The platform's side of every entry (docs/ledger.md). */
export const platformAccounts = [
  'cash_in_transit',
  'cash_out',
  'fees',
  'fx',
  'trading',
  'demo_funding',
  'loans_receivable',
  'ipo_escrow',
  'quant_escrow',
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

export type Posting =
  | { userId: number; bucket: 'available' | 'frozen'; currency: string; amount: Money | string }
  | { platform: PlatformAccount; currency: string; amount: Money | string };

export type EntryHeader = { kind: string; reference: string; userId?: number };

type BalanceRow = { user_id: number; currency: string; available: string; frozen: string };

/**
 * One money transaction. `post` is the only way a balance changes: it locks the touched balance
 * rows `FOR UPDATE` in a fixed order (user id, then currency) so two movements never deadlock,
 * refuses to take either side below zero, and writes the journal entry that explains the change.
 */
export class Book {
  readonly touched = new Map<string, { userId: number; currency: string }>();

  constructor(readonly tx: Transaction) {}

  async post(header: EntryHeader, postings: Posting[]): Promise<number> {
    const lines = postings
      .map((posting) => ({ ...posting, amount: new Money(posting.amount) }))
      .filter((posting) => !posting.amount.isZero());
    assertBalanced(lines);
    const memberLines = lines.flatMap((line) => ('userId' in line ? [line] : []));
    const keys = [...new Map(memberLines.map((line) => [`${line.userId}:${line.currency}`, line])).values()]
      .map(({ userId, currency }) => ({ userId, currency }))
      .sort((a, b) => a.userId - b.userId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
    const rows = await this.lock(keys);

    const after = new Map(
      rows.map((row) => [
        `${row.user_id}:${row.currency}`,
        { available: new Money(row.available), frozen: new Money(row.frozen) },
      ]),
    );
    const balanceAfter: (string | null)[] = [];
    for (const line of lines) {
      if (!('userId' in line)) {
        balanceAfter.push(null);
        continue;
      }
      const state = after.get(`${line.userId}:${line.currency}`);
      if (!state) throw new Error(`balance ${line.userId}:${line.currency} was not locked`);
      state[line.bucket] = state[line.bucket].plus(line.amount);
      if (state[line.bucket].isNegative()) throw new AppError('INSUFFICIENT_BALANCE');
      balanceAfter.push(moneyString(state[line.bucket]));
    }

    for (const { userId, currency } of keys) {
      const state = after.get(`${userId}:${currency}`);
      if (!state) continue;
      await this.tx.execute(
        sql`update ${balances} set available = ${moneyString(state.available)}, frozen = ${moneyString(state.frozen)},
            updated_at = now() where user_id = ${userId} and currency = ${currency}`,
      );
      this.touched.set(`${userId}:${currency}`, { userId, currency });
    }

    const [entry] = await this.tx
      .insert(journalEntries)
      .values({ kind: header.kind, reference: header.reference, userId: header.userId })
      .returning({ id: journalEntries.id });
    if (!entry) throw new Error('insert returned no journal entry');
    await this.tx.insert(journalLines).values(
      lines.map((line, index) => ({
        entryId: entry.id,
        account: 'userId' in line ? line.bucket : `platform:${line.platform}`,
        userId: 'userId' in line ? line.userId : null,
        currency: line.currency,
        amount: moneyString(line.amount),
        balanceAfter: balanceAfter[index] ?? null,
      })),
    );
    return entry.id;
  }

  /** Creates missing rows, then locks them all in one ordered statement. */
  private async lock(keys: { userId: number; currency: string }[]): Promise<BalanceRow[]> {
    if (keys.length === 0) return [];
    const pairs: SQL[] = keys.map(({ userId, currency }) => sql`(${userId}::integer, ${currency}::text)`);
    const list = sql.join(pairs, sql`, `);
    const rows = await queryRows<BalanceRow>(
      this.tx,
      sql`select user_id, currency, available::text as available, frozen::text as frozen from ${balances}
          where (user_id, currency) in (${list}) order by user_id, currency for update`,
    );
    if (rows.length === keys.length) return rows;
    await this.tx.execute(sql`insert into ${balances} (user_id, currency) values ${list} on conflict do nothing`);
    return queryRows<BalanceRow>(
      this.tx,
      sql`select user_id, currency, available::text as available, frozen::text as frozen from ${balances}
          where (user_id, currency) in (${list}) order by user_id, currency for update`,
    );
  }
}

function assertBalanced(lines: { currency: string; amount: Money }[]) {
  const sums = new Map<string, Money>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? new Money(0)).plus(line.amount));
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`journal entry does not balance in ${currency}: ${moneyString(sum)}`);
  }
}

/** Opens money transactions and tells the bus which balances changed once they commit. */
export class Ledger {
  constructor(
    readonly db: Database,
    private readonly bus?: EventBus,
  ) {}

  /**
   * Runs `work` in one transaction. With an idempotency claim the key is inserted first (a
   * concurrent duplicate waits on it), the answer stored with it, and a replay gets that answer.
   */
  async transaction<T>(work: (book: Book) => Promise<T>, claim?: IdempotencyClaim): Promise<T> {
    let book: Book | undefined;
    const run = () =>
      this.db.transaction(async (tx) => {
        book = new Book(tx);
        if (claim) {
          const replay = await claimIdempotencyKey(tx, claim);
          if (replay) return { replay: replay.response };
        }
        const result = await work(book);
        if (claim) await saveIdempotentAnswer(tx, claim, result);
        return { result };
      });
    const outcome = await run();
    if ('replay' in outcome) return outcome.replay as T;
    for (const event of book?.touched.values() ?? []) this.bus?.emit('balance', event);
    return outcome.result;
  }
}
