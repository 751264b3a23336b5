import { count, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { paginate } from '../../lib/paginate.ts';

export type AuditRecord = {
  operatorId: number;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
  ip: string;
};

/** Call inside the transaction of the change, so the change and its record commit together. */
export async function recordAudit(tx: Transaction, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...record, entityId: String(record.entityId) });
}

export async function listAudit(db: Database, query: { page: number; pageSize: number; entity?: string }) {
  const where = query.entity ? eq(auditLog.entity, query.entity) : undefined;
  return paginate(
    query,
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).$dynamic(),
    db.select({ total: count() }).from(auditLog).where(where),
    ({ createdAt, ...row }) => ({ ...row, time: createdAt.toISOString() }),
  );
}
