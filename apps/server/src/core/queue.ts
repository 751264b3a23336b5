import type { QueueClaim, QueueDecision, QueueEntity } from '@soar/contract';
import { and, desc, eq, gt, gte, ilike, inArray, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client.ts';
import { auditLog, operators, reviewClaims, users } from '../db/schema/index.ts';

/** The search every queue list shares (docs/admin.md, Queues). */
export type QueueSearch = {
  id?: number;
  uid?: string;
  mail?: string;
  amountMin?: string;
  amountMax?: string;
  since?: string;
  until?: string;
  decided?: boolean;
};

/** Where a queue's table keeps what the search reads, and what "still waits" means there. */
export type QueueColumns = { id: PgColumn; userId: PgColumn; amount?: PgColumn; time: PgColumn; waiting: SQL };

/** `%` and `_` typed in a mail are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The conditions of a queue search, to `and()` with the queue's own filters. */
export function queueConditions(search: QueueSearch, columns: QueueColumns): SQL | undefined {
  const members = (condition: SQL) =>
    inArray(columns.userId, sql`(select ${users.id} from ${users} where ${condition})`);
  return and(
    search.id === undefined ? undefined : eq(columns.id, search.id),
    search.uid === undefined ? undefined : members(eq(users.uid, search.uid)),
    search.mail === undefined ? undefined : members(ilike(users.mail, likeText(search.mail))),
    search.amountMin === undefined || !columns.amount ? undefined : gte(columns.amount, search.amountMin),
    search.amountMax === undefined || !columns.amount ? undefined : lte(columns.amount, search.amountMax),
    search.since === undefined ? undefined : gte(columns.time, new Date(search.since)),
    search.until === undefined ? undefined : lt(columns.time, new Date(search.until)),
    search.decided === undefined ? undefined : search.decided ? not(columns.waiting) : columns.waiting,
  );
}

/** The audit actions that record a decision on each queue's records. */
export const decisionActions: Record<QueueEntity, string[]> = {
  deposit: ['deposit.review'],
  withdrawal: ['withdraw.review'],
  loan: ['loan.review'],
  kyc: ['kyc.review'],
  order: ['order.pass', 'order.refuse'],
  ipo_subscription: ['ipo.review'],
};

type Db = Database | Transaction;

/** Who decided each of these records and when: the latest decision entry of the audit log. */
export async function decisionsOf(db: Db, entity: QueueEntity, ids: number[]): Promise<Map<number, QueueDecision>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ entityId: auditLog.entityId, operator: operators.username, at: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(
      and(
        eq(auditLog.entity, entity),
        inArray(auditLog.action, decisionActions[entity]),
        inArray(
          auditLog.entityId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(desc(auditLog.id));
  const found = new Map<number, QueueDecision>();
  for (const row of rows) {
    const id = Number(row.entityId);
    if (!found.has(id)) found.set(id, { operator: row.operator, at: row.at.toISOString() });
  }
  return found;
}

/** The claims standing at `now` on these records, as `operatorId` sees them. */
export async function claimsOf(
  db: Db,
  entity: QueueEntity,
  ids: number[],
  now: Date,
  operatorId: number,
): Promise<Map<number, QueueClaim>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      entityId: reviewClaims.entityId,
      operatorId: reviewClaims.operatorId,
      operator: operators.username,
      until: reviewClaims.claimedUntil,
    })
    .from(reviewClaims)
    .innerJoin(operators, eq(operators.id, reviewClaims.operatorId))
    .where(
      and(eq(reviewClaims.entity, entity), inArray(reviewClaims.entityId, ids), gt(reviewClaims.claimedUntil, now)),
    );
  return new Map(
    rows.map((row) => [
      row.entityId,
      { operator: row.operator, until: row.until.toISOString(), mine: row.operatorId === operatorId },
    ]),
  );
}
