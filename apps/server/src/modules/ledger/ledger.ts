import { maxBalance } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { claimIdempotencyKey, type IdempotencyClaim, saveIdempotentAnswer } from '../../core/idempotency.ts';
import { type Database, queryRows, queryText, type Transaction } from '../../db/client.ts';
import { balances } from '../../db/schema/index.ts';
import type { BusEventName, BusEvents, EventBus } from '../../lib/bus.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';

/** The platform's side of every entry (docs/ledger.md). */
export const platformAccounts = [
  'cash_in_transit',
  'cash_out',
  'fees',
  'fx',
  'rounding',
  'trading',
  'demo_funding',
  'adjustments',
  'loans_receivable',
  'loan_income',
  'ipo_escrow',
  'quant_escrow',
  'quant_profit',
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

export type Posting =
  | { userId: number; bucket: 'available' | 'frozen'; currency: string; amount: Money | string }
  | { platform: PlatformAccount; currency: string; amount: Money | string };

export type EntryHeader = { kind: string; reference: string; userId?: number };

type BalanceRow = { available: string; frozen: string };
type Delta = { userId: number; currency: string; available: Money; frozen: Money };

/**
 * One money transaction. `post` is the only way a balance changes. Each touched balance row is
 * updated (which takes its row lock, like `SELECT ... FOR UPDATE`) in a fixed order, user id then
 * currency, so two movements never deadlock; the update only happens when neither side goes below
 * zero (and a CHECK constraint backs that up); the journal entry explaining it is written in the
 * same transaction.
 */
export class Book {
  readonly touched = new Map<string, { userId: number; currency: string }>();
  /** Events for the bus, sent once the transaction commits (never for a rolled-back one). */
  readonly events: { name: BusEventName; event: BusEvents[BusEventName] }[] = [];
  /** Work for once the transaction has committed (never for a rolled-back one, nor for a replay). */
  readonly committed: (() => void)[] = [];

  constructor(
    readonly tx: Transaction,
    /** When the entries happen: the journal's time of each entry (the app's clock, tests move it). */
    readonly clock: () => number = Date.now,
  ) {}

  /** Runs `callback` after the commit, as the bus events are sent: in-memory state follows the rows. */
  afterCommit(callback: () => void): void {
    this.committed.push(callback);
  }

  async post(header: EntryHeader, postings: Posting[]): Promise<number> {
    const lines = postings
      .map((posting) => ({ ...posting, amount: new Money(posting.amount) }))
      .filter((posting) => !posting.amount.isZero());
    assertBalanced(lines);

    const deltas = new Map<string, Delta>();
    for (const line of lines) {
      if (!('userId' in line)) continue;
      const key = `${line.userId}:${line.currency}`;
      const delta = deltas.get(key) ?? {
        userId: line.userId,
        currency: line.currency,
        available: new Money(0),
        frozen: new Money(0),
      };
      delta[line.bucket] = delta[line.bucket].plus(line.amount);
      deltas.set(key, delta);
    }
    const ordered = [...deltas.entries()].sort(
      ([, a], [, b]) => a.userId - b.userId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
    );
    const after = new Map<string, { available: Money; frozen: Money }>();
    for (const [key, delta] of ordered) {
      const row = await this.apply(delta);
      after.set(key, { available: new Money(row.available), frozen: new Money(row.frozen) });
      this.touched.set(key, { userId: delta.userId, currency: delta.currency });
    }

    // Walk the lines backwards from the final balances to give each member line its balance after.
    const balanceAfter: (string | null)[] = new Array(lines.length).fill(null);
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const line = lines[index];
      if (!line || !('userId' in line)) continue;
      const state = after.get(`${line.userId}:${line.currency}`);
      if (!state) throw new Error('a member line without its balance');
      balanceAfter[index] = moneyString(state[line.bucket]);
      state[line.bucket] = state[line.bucket].minus(line.amount);
    }

    const values: unknown[] = [
      header.kind,
      header.reference,
      header.userId ?? null,
      new Date(this.clock()).toISOString(),
    ];
    for (const [index, line] of lines.entries()) {
      const member = 'userId' in line;
      values.push(
        member ? line.bucket : `platform:${line.platform}`,
        member ? line.userId : null,
        line.currency,
        moneyString(line.amount),
        balanceAfter[index] ?? null,
      );
    }
    const [entry] = await queryText<{ id: string }>(this.tx, entryStatement(lines.length), values);
    if (!entry) throw new Error('insert returned no journal entry');
    return Number(entry.id);
  }

  /** Queues a bus event until the transaction commits. */
  emit<K extends BusEventName>(name: K, event: BusEvents[K]): void {
    this.events.push({ name, event });
  }

  /**
   * Adds a delta to one balance row; refuses (INSUFFICIENT_BALANCE) when a side would go below
   * zero and (BALANCE_LIMIT) when it would go above `maxBalance` (docs/ledger.md, Limits), so no
   * balance, and no value of one in another currency, outgrows numeric(24,8).
   */
  private async apply(delta: Delta): Promise<BalanceRow> {
    const available = moneyString(delta.available);
    const frozen = moneyString(delta.frozen);
    if (delta.available.gt(maxBalance) || delta.frozen.gt(maxBalance)) throw new AppError('BALANCE_LIMIT');
    const [row] = await queryText<BalanceRow>(this.tx, applyStatement, [
      delta.userId,
      delta.currency,
      available,
      frozen,
      maxBalance,
    ]);
    if (row) return row;
    // No row matched: the balance is short, would pass the limit, or the member never held this currency.
    if (delta.available.isNegative() || delta.frozen.isNegative()) throw new AppError('INSUFFICIENT_BALANCE');
    const [created] = await queryRows<BalanceRow>(
      this.tx,
      sql`insert into ${balances} (user_id, currency, available, frozen)
          values (${delta.userId}, ${delta.currency}, ${available}::numeric, ${frozen}::numeric)
          on conflict (user_id, currency) do update set available = ${balances.available} + excluded.available,
            frozen = ${balances.frozen} + excluded.frozen, updated_at = now()
            where ${balances.available} + excluded.available <= ${maxBalance}::numeric
              and ${balances.frozen} + excluded.frozen <= ${maxBalance}::numeric
          returning available::text as available, frozen::text as frozen`,
    );
    if (!created) throw new AppError('BALANCE_LIMIT');
    return created;
  }
}

/**
 * The ledger's two statements of every movement, as constant texts (each connection prepares them
 * once): the guarded balance update, and the journal entry with its lines.
 */
const applyStatement = `update balances set available = available + $3::numeric, frozen = frozen + $4::numeric,
    updated_at = now()
  where user_id = $1 and currency = $2
    and available + $3::numeric >= 0 and frozen + $4::numeric >= 0
    and available + $3::numeric <= $5::numeric and frozen + $4::numeric <= $5::numeric
  returning available::text as available, frozen::text as frozen`;

const entryStatements: string[] = [];

function entryStatement(lineCount: number): string {
  let text = entryStatements[lineCount];
  if (text) return text;
  const rows = Array.from({ length: lineCount }, (_, index) => {
    const n = 5 + index * 5;
    return `($${n}::text, $${n + 1}::integer, $${n + 2}::text, $${n + 3}::numeric, $${n + 4}::numeric)`;
  });
  text = `with entry as (
      insert into journal_entries (kind, reference, user_id, created_at)
      values ($1, $2, $3, $4::timestamptz) returning id)
    insert into journal_lines (entry_id, account, user_id, currency, amount, balance_after, created_at)
    select entry.id, v.account, v.user_id, v.currency, v.amount, v.balance_after, $4::timestamptz
    from entry, (values ${rows.join(', ')}) as v(account, user_id, currency, amount, balance_after)
    returning entry_id::text as id`;
  entryStatements[lineCount] = text;
  return text;
}

export function assertBalanced(lines: { currency: string; amount: Money }[]) {
  const sums = new Map<string, Money>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? new Money(0)).plus(line.amount));
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`journal entry does not balance in ${currency}: ${moneyString(sum)}`);
  }
}

/**
 * Opens money transactions and tells the bus which balances changed once they commit. A
 * transaction that moves no money but must announce something on commit (a KYC review's notice)
 * uses it too.
 */
export class Ledger {
  constructor(
    readonly db: Database,
    private readonly bus?: EventBus,
    /**
     * The time each entry is journalled at: statements and daily snapshots read the journal by
     * time (docs/ledger.md), so the app's clock, which tests move, not the database's.
     */
    readonly clock: () => number = Date.now,
  ) {}

  /**
   * Runs `work` in one transaction. With an idempotency claim the key is inserted first (a
   * concurrent duplicate waits on it), the answer stored with it, and a replay gets that answer:
   * as JSON, so with a claim `work` returns the call's answer (a view), not rows with dates.
   */
  async transaction<T>(work: (book: Book) => Promise<T>, claim?: IdempotencyClaim): Promise<T> {
    let book: Book | undefined;
    const run = () =>
      this.db.transaction(async (tx) => {
        book = new Book(tx, this.clock);
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
    for (const { name, event } of book?.events ?? []) this.bus?.emit(name, event as never);
    for (const callback of book?.committed ?? []) callback();
    return outcome.result;
  }
}
