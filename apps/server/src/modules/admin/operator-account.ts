import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../lib/route.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import type { OperatorPrincipal } from '../../plugins/auth.ts';
import type { Client } from '../member/index.ts';
import { countLoginFailure } from '../member/index.ts';
import { endOperatorSessions } from './operators.ts';
import { claimTotpStep } from './second-factor.ts';

/** What an operator does to their own account: password, second factor (docs/admin.md). */
export class OperatorAccount {
  constructor(
    private readonly db: Database,
    private readonly options: { requireTotp: boolean; issuer: () => string },
  ) {}

  async me(operatorId: number) {
    const row = await this.row(operatorId);
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      totpEnabled: row.totpEnabledAt !== null,
      totpRequired: this.options.requireTotp,
    };
  }

  /** The old password must be right; the operator's other sessions end, this one stays. */
  async changePassword(operator: OperatorPrincipal, actor: Actor, oldPassword: string, password: string) {
    const row = await this.row(operator.operatorId);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) throw new AppError('PASSWORD_WRONG');
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await tx.update(operators).set({ passwordHash }).where(eq(operators.id, row.id));
      await endOperatorSessions(tx, row.id, operator.sessionId);
      await recordAudit(tx, {
        ...actor,
        action: 'operator.password.change',
        entity: 'operator',
        entityId: row.id,
        before: null,
        after: { passwordChanged: true },
      });
    });
  }

  /** A new secret, not yet in force: the login asks for codes only after `confirmTotp`. */
  async enrolTotp(operatorId: number) {
    const row = await this.row(operatorId);
    if (row.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await this.db.update(operators).set({ totpSecret: secret, totpLastStep: null }).where(eq(operators.id, row.id));
    return { secret, uri: otpauthUri(this.options.issuer(), row.username, secret) };
  }

  /** A wrong code counts like a wrong password (toward the operator's lockout). */
  async confirmTotp(actor: Actor, code: string, client: Client) {
    const row = await this.row(actor.operatorId);
    if (row.totpEnabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
    if (!row.totpSecret) throw new AppError('TOTP_NOT_STARTED');
    const step = matchTotp(row.totpSecret, code, Date.now(), row.totpLastStep);
    if (step === undefined || !(await claimTotpStep(this.db, row.id, step))) {
      const subject = { audience: 'operator' as const, identifier: row.username.toLowerCase(), operatorId: row.id };
      await countLoginFailure(this.db, subject, client, new AppError('TOTP_WRONG'));
    }
    await this.db.transaction(async (tx) => {
      await tx.update(operators).set({ totpEnabledAt: new Date() }).where(eq(operators.id, row.id));
      await recordAudit(tx, {
        ...actor,
        action: 'operator.totp.enable',
        entity: 'operator',
        entityId: row.id,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      });
    });
    return this.me(row.id);
  }

  private async row(operatorId: number) {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, operatorId));
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }
}
