import { eq } from 'drizzle-orm';
import { verifyPayPassword } from '../../core/pay-password.ts';
import {
  type StartedHold,
  startWithdrawalHold,
  type WithdrawalHold,
  withdrawalHoldHours,
  withdrawalHoldOf,
} from '../../core/withdrawal-hold.ts';
import type { Database } from '../../db/client.ts';
import { withdrawalHolds } from '../../db/schema/index.ts';

function holdView(hold: WithdrawalHold | null) {
  return hold && { reason: hold.reason, startedAt: hold.startedAt.toISOString(), endsAt: hold.endsAt.toISOString() };
}

/**
 * The member's side of withdrawal holds (docs/ledger.md, Withdrawal holds): the hold in force and
 * the allow-list mode. The holds themselves start in `core/withdrawal-hold.ts`, inside the
 * transaction of each risky change.
 */
export class WithdrawalHoldService {
  constructor(
    private readonly db: Database,
    /** The app's clock (the jobs' clock, which tests move). */
    private readonly clock: () => number,
  ) {}

  async state(userId: number) {
    const now = new Date(this.clock());
    const [{ hold, allowListOnly }, hours] = await Promise.all([
      withdrawalHoldOf(this.db, userId, now),
      withdrawalHoldHours(this.db),
    ]);
    return { hold: holdView(hold), allowListOnly, hours };
  }

  /**
   * Allow-list mode, confirmed with the pay password. Turning it off widens where money may go,
   * so it starts a hold like a new wallet would; turning it on only narrows it.
   */
  async setAllowList(userId: number, body: { enabled: boolean; payPassword: string }) {
    await verifyPayPassword(this.db, userId, body.payPassword);
    const now = new Date(this.clock());
    const started = await this.db.transaction(async (tx): Promise<StartedHold | null> => {
      const [before] = await tx
        .insert(withdrawalHolds)
        .values({ userId, allowListOnly: body.enabled, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      const [current] = before
        ? [null]
        : await tx.select().from(withdrawalHolds).where(eq(withdrawalHolds.userId, userId)).for('update');
      if (current) {
        await tx
          .update(withdrawalHolds)
          .set({ allowListOnly: body.enabled, updatedAt: now })
          .where(eq(withdrawalHolds.userId, userId));
      }
      const turnedOff = current?.allowListOnly === true && !body.enabled;
      return turnedOff ? startWithdrawalHold(tx, { userId, reason: 'allowListOff', now }) : null;
    });
    return { started, state: await this.state(userId) };
  }
}
