import type { AuditEntity } from '@soar/contract';
import { and, count, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, operators, users } from '../../db/schema/index.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';

export type AuditQuery = PageQuery & {
  entity?: AuditEntity;
  entityId?: string;
  operatorId?: number;
  operator?: string;
  uid?: string;
  action?: string;
  from?: string;
  to?: string;
};

/**
 * The member an entry concerns: its `user_id`; on entries written before it was recorded, the
 * member itself or the `userId` of the record's view. Anything but digits matches nobody.
 */
const memberIdText = sql`case when ${auditLog.entity} = 'member' then ${auditLog.entityId}
  else coalesce(${auditLog.after} ->> 'userId', ${auditLog.before} ->> 'userId') end`;
const ofEntry = sql`${users.id} = coalesce(${auditLog.userId},
  case when ${memberIdText} ~ '^[0-9]{1,9}$' then (${memberIdText})::integer end)`;

/** A failed sign-in under an unknown username has no operator: the username typed is in `after`. */
const signInUsername = sql`case when ${auditLog.entity} = 'operator' then ${auditLog.after} ->> 'username' end`;

/**
 * `action` matches itself or every action under it: `deposit` finds `deposit.review`. `uid` finds
 * the entries on a member and on their records; `operator` the entries of an operator by username.
 */
export async function listAudit(db: Database, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.operatorId) filters.push(eq(auditLog.operatorId, query.operatorId));
  if (query.operator) {
    const username = query.operator.toLowerCase();
    filters.push(sql`coalesce(lower(${operators.username}), lower(${signInUsername})) = ${username}`);
  }
  if (query.uid) filters.push(eq(users.uid, query.uid));
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
      .select({ row: auditLog, operatorName: operators.username, memberUid: users.uid })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .leftJoin(users, ofEntry)
      .where(where)
      .orderBy(desc(auditLog.id))
      .$dynamic(),
    db
      .select({ total: count() })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .leftJoin(users, ofEntry)
      .where(where),
    ({ row: { createdAt, ...row }, operatorName, memberUid }) => ({
      ...row,
      operatorName,
      memberUid,
      time: createdAt.toISOString(),
    }),
  );
}
