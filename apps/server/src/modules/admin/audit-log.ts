import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, operators } from '../../db/schema/index.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';

export type AuditQuery = PageQuery & {
  entity?: string;
  entityId?: string;
  operatorId?: number;
  action?: string;
  from?: string;
  to?: string;
};

/** `action` matches itself or every action under it: `deposit` finds `deposit.review`. */
export async function listAudit(db: Database, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.operatorId) filters.push(eq(auditLog.operatorId, query.operatorId));
  if (query.action) {
    const escaped = query.action.replace(/[\\%_]/g, (char) => `\\${char}`);
    const action = or(eq(auditLog.action, query.action), like(auditLog.action, `${escaped}.%`));
    if (action) filters.push(action);
  }
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, new Date(query.to)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  return paginate(
    query,
    db
      .select({ row: auditLog, operatorName: operators.username })
      .from(auditLog)
      .innerJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .$dynamic(),
    db.select({ total: count() }).from(auditLog).where(where),
    ({ row: { createdAt, ...row }, operatorName }) => ({ ...row, operatorName, time: createdAt.toISOString() }),
  );
}
