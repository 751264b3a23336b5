import type { AuditEntity, ErrorCode } from '@soar/contract';
import { and, desc, eq, getTableName, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryText, type Transaction } from '../db/client.ts';
import { tableRow } from '../db/rows.ts';
import { auditLog, operators } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { recordAudit } from './audit.ts';

/** A table of records operators decide on: an `id` and a status column that says whether it still waits. */
type ReviewedTable = PgTable & { id: PgColumn; $inferSelect: { id: number } };
type RowOf<T extends ReviewedTable> = T['$inferSelect'];

export type Review<T extends ReviewedTable, V> = {
  table: T;
  id: number;
  /** The status column and the value that means the record still waits for a decision. */
  waiting: { [K in keyof RowOf<T>]: { column: K; is: RowOf<T>[K] } }[keyof RowOf<T>];
  notFound: ErrorCode;
  /** The decision's own checks, money and side rows; answers the record's new values. */
  decide: (before: RowOf<T>) => Promise<Partial<RowOf<T>>>;
  /** The operator and the audit log's action, entity and view of the record. */
  audit: {
    by: { operatorId: number; ip: string };
    action: string;
    entity: AuditEntity;
    view: (row: RowOf<T>) => V | Promise<V>;
  };
};

const lockStatements = new Map<ReviewedTable, string>();

/** The reviewed row, locked: a constant text per table (every review of every domain sends it). */
function lockStatement(table: ReviewedTable): string {
  let text = lockStatements.get(table);
  if (!text) {
    text = `select * from "${getTableName(table)}" where id = $1 for update`;
    lockStatements.set(table, text);
  }
  return text;
}

/**
 * An operator's decision on a waiting record (deposit, withdrawal, loan, KYC, adjustment): locks
 * the row, refuses one already decided (`ALREADY_REVIEWED`; of two racing reviews the second
 * waits for the lock and lands here), lets `decide` check and move money, writes its change and
 * records the audit (answering the view of the decided record), all in the caller's transaction.
 */
export async function reviewRecord<T extends ReviewedTable, V>(
  tx: Transaction,
  review: Review<T, V>,
): Promise<{ before: RowOf<T>; after: RowOf<T>; view: V }> {
  const { id, audit } = review;
  // Drizzle cannot type a query over a generic table; rows are the table's own.
  const table: ReviewedTable = review.table;
  const [raw] = await queryText<Record<string, unknown>>(tx, lockStatement(table), [id]);
  const before = raw && (tableRow(table, raw) as RowOf<T>);
  if (!before) throw new AppError(review.notFound);
  if (before[review.waiting.column] !== review.waiting.is) throw await alreadyDecided(tx, audit.entity, id);
  // Taken before the change: a view may read the record again.
  const beforeView = await audit.view(before);
  const change = await review.decide(before);
  const [after] = (await tx.update(table).set(change).where(eq(table.id, id)).returning()) as RowOf<T>[];
  if (!after) throw new Error(`update returned no ${audit.entity}`);
  const view = await audit.view(after);
  await recordAudit(tx, {
    operatorId: audit.by.operatorId,
    ip: audit.by.ip,
    action: audit.action,
    entity: audit.entity,
    entityId: id,
    userId: ownerOf(after),
    before: beforeView,
    after: view,
  });
  return { before, after, view };
}

/** The member whose record was decided, when the table has a member column. */
function ownerOf(row: object): number | null {
  const userId = (row as { userId?: unknown }).userId;
  return typeof userId === 'number' ? userId : null;
}

/**
 * A decision on a record someone decided first says who and when (docs/admin.md, Queues): the
 * latest operator entry of the audit log on the record.
 */
async function alreadyDecided(tx: Transaction, entity: AuditEntity, id: number): Promise<AppError> {
  const [last] = await tx
    .select({ operator: operators.username, at: auditLog.createdAt })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), isNotNull(auditLog.operatorId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!last) return new AppError('ALREADY_REVIEWED');
  const time = `${last.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new AppError('ALREADY_REVIEWED', 'errors.ALREADY_REVIEWED_BY', { operator: last.operator, time });
}
