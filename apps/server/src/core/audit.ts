import type { AuditEntity } from '@soar/contract';
import { type Database, queryText, type Transaction } from '../db/client.ts';

export type AuditRecord = {
  /** Null only on a failed sign-in under a username no operator has. */
  operatorId: number | null;
  action: string;
  entity: AuditEntity;
  entityId: string | number;
  /** The member the entry concerns when the record is a member's; an entry on a member is theirs. */
  userId?: number | null;
  before: unknown;
  after: unknown;
  ip: string;
};

const auditStatement = `insert into audit_log (operator_id, action, entity, entity_id, user_id, before, after, ip)
  values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;

/**
 * Call inside the transaction of the change, so the change and its record commit together (a
 * sign-in that fails changes nothing: it is recorded on its own). A constant statement: every
 * review of every domain sends it.
 */
export async function recordAudit(tx: Database | Transaction, record: AuditRecord): Promise<void> {
  await queryText(tx, auditStatement, [
    record.operatorId,
    record.action,
    record.entity,
    String(record.entityId),
    record.userId ?? (record.entity === 'member' ? Number(record.entityId) : null),
    jsonOrNull(record.before),
    jsonOrNull(record.after),
    record.ip,
  ]);
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
