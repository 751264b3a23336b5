import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { matchTotp } from '../../lib/totp.ts';
import type { Client } from '../member/index.ts';
import { countLoginFailure, type LoginSubject } from '../member/index.ts';

type OperatorRow = typeof operators.$inferSelect;

/**
 * Marks `step` used, unless a code of this step or a later one was already accepted: one
 * statement, so two requests racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Database, operatorId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return claimed.length > 0;
}

/**
 * The login's second step for an enrolled operator: no code asks for one (`TOTP_REQUIRED`, the
 * password was right); a wrong or replayed code counts as a failed login, toward the lockout.
 */
export async function checkSecondFactor(
  db: Database,
  operator: OperatorRow,
  code: string | undefined,
  subject: LoginSubject,
  client: Client,
): Promise<void> {
  if (!operator.totpEnabledAt || !operator.totpSecret) return;
  if (!code) throw new AppError('TOTP_REQUIRED');
  const step = matchTotp(operator.totpSecret, code, Date.now(), operator.totpLastStep);
  if (step === undefined || !(await claimTotpStep(db, operator.id, step))) {
    await countLoginFailure(db, subject, client, new AppError('TOTP_WRONG'));
  }
}
