import { type TransactionGroup, transactionGroups } from '@soar/contract';
import { and, count, desc, eq, inArray, isNotNull, not, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { journalEntries, journalLines, tradeCloses, tradePositions, withdrawals } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';

export type TransactionQuery = PageQuery & {
  type?: string;
  group?: TransactionGroup;
  currency?: string;
  account?: 'available' | 'frozen';
};

/** What a withdrawal's later entries and its frozen side move: folded into its one line. */
const withdrawalFollowUps = ['withdraw_pass', 'withdraw_refuse', 'withdraw_refund'];

/**
 * The journal lines of a member's balances, newest first, each with the order it moved money
 * for. With `oneRowPerWithdrawal` (the member's own list, docs/ledger.md, Transactions) a
 * withdrawal is ONE line, what left the available balance when it was applied for, carrying the
 * withdrawal's status now; its frozen side, its pass, refusal or refund are not lines of their
 * own. Operators see every line.
 */
export async function transactionList(
  db: Database,
  userId: number,
  query: TransactionQuery,
  options: { oneRowPerWithdrawal?: boolean } = {},
) {
  const conditions: (SQL | undefined)[] = [eq(journalLines.userId, userId), isNotNull(journalLines.balanceAfter)];
  if (query.type) conditions.push(eq(journalEntries.kind, query.type));
  if (query.group) conditions.push(inArray(journalEntries.kind, [...transactionGroups[query.group]]));
  if (query.currency) conditions.push(eq(journalLines.currency, query.currency));
  if (query.account) conditions.push(eq(journalLines.account, query.account));
  if (options.oneRowPerWithdrawal) {
    conditions.push(
      not(
        or(
          inArray(journalEntries.kind, withdrawalFollowUps),
          and(eq(journalEntries.kind, 'withdraw_freeze'), eq(journalLines.account, 'frozen')),
        ) as SQL,
      ),
    );
  }
  const where = and(...conditions);
  const page = await paginate(
    query,
    db
      .select({
        id: journalLines.id,
        type: journalEntries.kind,
        account: journalLines.account,
        amount: journalLines.amount,
        currency: journalLines.currency,
        balanceAfter: journalLines.balanceAfter,
        reference: journalEntries.reference,
        createdAt: journalLines.createdAt,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(where)
      .orderBy(desc(journalLines.id))
      .$dynamic(),
    db
      .select({ total: count() })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(where),
    ({ createdAt, ...row }) => ({
      ...row,
      account: row.account === 'frozen' ? ('frozen' as const) : ('available' as const),
      amount: moneyString(row.amount),
      balanceAfter: moneyString(row.balanceAfter ?? 0),
      time: createdAt.toISOString(),
    }),
  );
  const references = referencesOf(page.list.map((line) => line.reference));
  const [orders, held] = await Promise.all([
    closedOrders(db, references.close),
    withdrawalStates(db, references.withdrawal),
  ]);
  return {
    ...page,
    list: page.list.map((line) => {
      const [prefix, raw] = line.reference.split(':');
      const id = Number(raw);
      return {
        ...line,
        orderId: prefix === 'order' ? id : prefix === 'close' ? (orders.get(id) ?? null) : null,
        withdrawal: prefix === 'withdrawal' ? (held.get(id) ?? null) : null,
      };
    }),
  };
}

/** The record ids a page's references name, by kind of record (`order:12`, `close:3`, `withdrawal:7`). */
function referencesOf(references: string[]) {
  const ids = { close: new Set<number>(), withdrawal: new Set<number>() };
  for (const reference of references) {
    const [prefix, raw] = reference.split(':');
    const id = Number(raw);
    if ((prefix === 'close' || prefix === 'withdrawal') && Number.isInteger(id)) ids[prefix].add(id);
  }
  return { close: [...ids.close], withdrawal: [...ids.withdrawal] };
}

/** A close's money belongs to the order that opened its position. */
async function closedOrders(db: Database, closeIds: number[]): Promise<Map<number, number>> {
  if (closeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tradeCloses.id, orderId: tradePositions.orderId })
    .from(tradeCloses)
    .innerJoin(tradePositions, eq(tradePositions.id, tradeCloses.positionId))
    .where(inArray(tradeCloses.id, closeIds));
  return new Map(rows.map((row) => [row.id, row.orderId]));
}

async function withdrawalStates(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; status: number; payoutState: string | null }>();
  const rows = await db
    .select({ id: withdrawals.id, status: withdrawals.status, payoutState: withdrawals.payoutState })
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
