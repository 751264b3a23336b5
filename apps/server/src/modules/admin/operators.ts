import type { OperatorRole } from '@soar/contract';
import { and, asc, count, eq, isNull, max, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { loginAttempts, operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../lib/route.ts';

type OperatorRow = typeof operators.$inferSelect;

/** What the audit log and the list show of an operator: never a hash or a secret. */
export function operatorView(row: OperatorRow, lastLoginAt: Date | null = null) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabledAt !== null,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: lastLoginAt?.toISOString() ?? null,
  };
}

export async function endOperatorSessions(tx: Database | Transaction, operatorId: number, exceptSessionId?: number) {
  await tx
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(operatorSessions.id, exceptSessionId),
      ),
    );
}

/** Operators managed by `admin` (docs/admin.md): every change audited with before and after. */
export class OperatorAdmin {
  constructor(private readonly db: Database) {}

  async list() {
    const lastLogins = this.db
      .select({ operatorId: loginAttempts.operatorId, at: max(loginAttempts.createdAt).as('at') })
      .from(loginAttempts)
      .where(eq(loginAttempts.result, 'success'))
      .groupBy(loginAttempts.operatorId)
      .as('last_logins');
    const rows = await this.db
      .select({ operator: operators, lastLoginAt: lastLogins.at })
      .from(operators)
      .leftJoin(lastLogins, eq(lastLogins.operatorId, operators.id))
      .orderBy(asc(operators.id));
    return rows.map((row) => operatorView(row.operator, row.lastLoginAt));
  }

  async create(actor: Actor, body: { username: string; role: OperatorRole; password: string }) {
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(eq(sql`lower(${operators.username})`, body.username.toLowerCase()));
      if (taken) throw new AppError('OPERATOR_EXISTS');
      const [row] = await tx
        .insert(operators)
        .values({ username: body.username, role: body.role, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('OPERATOR_EXISTS');
      await this.audit(tx, actor, 'operator.create', row.id, null, operatorView(row));
      return operatorView(row);
    });
  }

  async update(actor: Actor, body: { id: number; role?: OperatorRole; disabled?: boolean }) {
    const adminsFirst = body.role !== undefined || body.disabled !== undefined;
    return this.change(actor, body.id, 'operator.update', { adminsFirst }, async (tx, before) => {
      const demoted = body.role !== undefined && body.role !== before.role;
      const disabling = body.disabled === true && before.disabledAt === null;
      if (before.id === actor.operatorId && (demoted || body.disabled !== undefined)) {
        throw new AppError('OPERATOR_SELF');
      }
      if (before.role === 'admin' && (demoted || disabling)) await this.assertAnotherAdmin(tx, before.id);
      if (disabling) await endOperatorSessions(tx, before.id);
      return {
        ...(body.role === undefined ? {} : { role: body.role }),
        ...(body.disabled === undefined
          ? {}
          : { disabledAt: body.disabled ? (before.disabledAt ?? new Date()) : null }),
      };
    });
  }

  /**
   * Another operator's password, by an admin; one's own goes through the password change with the
   * current password, so a session left open cannot take the account over (docs/admin.md).
   */
  async resetPassword(actor: Actor, id: number, password: string) {
    if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_SERVICE');
    const passwordHash = await hashPassword(password);
    return this.change(actor, id, 'operator.password.reset', {}, async (tx, before) => {
      await endOperatorSessions(tx, before.id);
      return { passwordHash };
    });
  }

  /** Another operator's second factor; one's own is changed on the account page. */
  async resetTotp(actor: Actor, id: number) {
    if (id === actor.operatorId) throw new AppError('OPERATOR_SELF_SERVICE');
    return this.change(actor, id, 'operator.totp.reset', {}, async () => ({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    }));
  }

  /**
   * Locks the operator row, applies `patch`, and audits the change. A change that may remove an
   * admin locks every admin row first, in id order, so two such changes queue instead of
   * deadlocking on each other's rows.
   */
  private async change(
    actor: Actor,
    id: number,
    action: string,
    options: { adminsFirst?: boolean },
    patch: (tx: Transaction, before: OperatorRow) => Promise<Partial<typeof operators.$inferInsert>>,
  ) {
    return this.db.transaction(async (tx) => {
      if (options.adminsFirst) await lockAdmins(tx);
      const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const values = await patch(tx, before);
      const [after] =
        Object.keys(values).length > 0
          ? await tx.update(operators).set(values).where(eq(operators.id, id)).returning()
          : [before];
      if (!after) throw new Error('update returned no operator');
      const changed = { ...operatorView(after), ...('passwordHash' in values ? { passwordChanged: true } : {}) };
      await this.audit(tx, actor, action, id, operatorView(before), changed);
      return operatorView(after);
    });
  }

  /**
   * At least one enabled admin must remain. The admin rows are locked first, so two admins
   * demoting each other at once cannot leave none.
   */
  private async assertAnotherAdmin(tx: Transaction, leaving: number) {
    await lockAdmins(tx);
    const [others] = await tx
      .select({ n: count() })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt), ne(operators.id, leaving)));
    if ((others?.n ?? 0) === 0) throw new AppError('LAST_ADMIN');
  }

  private audit(tx: Transaction, actor: Actor, action: string, id: number, before: unknown, after: unknown) {
    return recordAudit(tx, {
      operatorId: actor.operatorId,
      ip: actor.ip,
      action,
      entity: 'operator',
      entityId: id,
      before,
      after,
    });
  }
}

/** Every admin row, locked in id order (one order for every transaction that takes them). */
async function lockAdmins(tx: Transaction) {
  await tx
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.role, 'admin'))
    .orderBy(operators.id)
    .for('update');
}
