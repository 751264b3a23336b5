import { queryText, type Transaction } from '../db/client.ts';

export type AuditRecord = {
  operatorId: number;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
  ip: string;
};

const auditStatement = `insert into audit_log (operator_id, action, entity, entity_id, before, after, ip)
  values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;

/**
 * Call inside the transaction of the change, so the change and its record commit together. A
 * constant statement: every review of every domain sends it.
 */
export async function recordAudit(tx: Transaction, record: AuditRecord): Promise<void> {
  await queryText(tx, auditStatement, [
    record.operatorId,
    record.action,
    record.entity,
    String(record.entityId),
    jsonOrNull(record.before),
    jsonOrNull(record.after),
    record.ip,
  ]);
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
