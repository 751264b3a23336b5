import { type PayoutDecisionBody, type PayoutState, payoutFailures, payoutStates } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { reviewRecord } from '../../core/review.ts';
import type { Transaction } from '../../db/client.ts';
import { chainNetworks, withdrawals } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { Book } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import type { PayoutRouting } from '../wallet/index.ts';
import { usdtDecimals } from './settings.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Networks whose withdrawals the signer sends: ERC-20 (TRC-20 withdrawals are paid by hand). */
const signedNetworks: readonly string[] = ['ERC20'];

/**
 * A passed USDT withdrawal goes on chain when a signer runs for its network (its hot wallet is
 * on the network's row); otherwise an operator pays it by hand as before.
 */
export const payoutRouting: PayoutRouting = {
  async onChain(tx: Transaction, withdrawal: WithdrawalRow) {
    if (withdrawal.arrivalCurrency !== 'USDT' || !signedNetworks.includes(withdrawal.network)) return false;
    const [row] = await tx
      .select({ hotWallet: chainNetworks.hotWallet })
      .from(chainNetworks)
      .where(eq(chainNetworks.network, withdrawal.network as 'ERC20'));
    return Boolean(row?.hotWallet);
  },
};

/** What reaches the wallet in USDT's smallest units: the arrival amount rounded down to 6 places. */
export function payoutValue(withdrawal: WithdrawalRow): bigint {
  if (withdrawal.arrivalAmount === null) throw new Error(`withdrawal ${withdrawal.id} has no arrival amount`);
  const units = new Money(withdrawal.arrivalAmount).times(10 ** usdtDecimals).toDecimalPlaces(0, Money.ROUND_DOWN);
  return BigInt(units.toFixed());
}

/** Moves the withdrawal to another payout state; its member sees it live. */
export async function setPayout(book: Book, id: number, change: Partial<WithdrawalRow> & { payoutState: PayoutState }) {
  const [row] = await book.tx.update(withdrawals).set(change).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error(`withdrawal ${id} is missing`);
  book.emit('withdrawals', { userId: row.userId, id: row.id });
  return row;
}

/**
 * A failed on-chain withdrawal's money goes back: what left the member's frozen balance at the
 * pass (amount to cash_out, fee to fees) returns to their available balance in one entry.
 */
async function returnMoney(book: Book, withdrawal: WithdrawalRow): Promise<void> {
  const { userId, currency } = withdrawal;
  const amount = new Money(withdrawal.amount);
  const fee = new Money(withdrawal.fee);
  await book.post({ kind: 'withdraw_refund', reference: `withdrawal:${withdrawal.id}`, userId }, [
    { platform: 'cash_out', currency, amount: amount.neg() },
    { platform: 'fees', currency, amount: fee.neg() },
    { userId, bucket: 'available', currency, amount: amount.plus(fee) },
  ]);
  await sendNotice(book, {
    userId,
    kind: 'withdrawRefunded',
    params: { amount: moneyString(amount), currency, total: moneyString(amount.plus(fee)) },
    reference: `withdrawal:${withdrawal.id}`,
  });
}

/** The refund of a withdrawal whose cancellation was mined (the signer's side of a refund). */
export async function refundPayout(book: Book, withdrawal: WithdrawalRow): Promise<WithdrawalRow> {
  await returnMoney(book, withdrawal);
  return setPayout(book, withdrawal.id, { payoutState: payoutStates.refunded });
}

/**
 * An operator's decision on a failed on-chain withdrawal (audited, `reviewRecord`). A reverted
 * transfer used its nonce up: retry sends anew with the next nonce, refund returns the money at
 * once. A dropped one may still be mined: retry replaces it with the same nonce, and refund first
 * uses the nonce up with a cancellation, the money returning once that is mined.
 */
export async function decidePayout<V>(
  book: Book,
  reviewer: { operatorId: number; ip: string },
  body: PayoutDecisionBody,
  view: (row: WithdrawalRow) => Promise<V>,
): Promise<V> {
  const decided = await reviewRecord(book.tx, {
    table: withdrawals,
    id: body.id,
    waiting: { column: 'payoutState', is: payoutStates.failed },
    notFound: 'NOT_FOUND',
    audit: { by: reviewer, action: `withdraw.payout.${body.decision}`, entity: 'withdrawal', view },
    decide: async (before) => {
      const dropped = before.payoutFailure === payoutFailures.dropped;
      if (body.decision === 'retry') {
        return { payoutState: dropped ? payoutStates.replacing : payoutStates.queued, remark: body.remark };
      }
      if (dropped) return { payoutState: payoutStates.cancelling, remark: body.remark };
      await returnMoney(book, before);
      return { payoutState: payoutStates.refunded, remark: body.remark };
    },
  });
  book.emit('withdrawals', { userId: decided.after.userId, id: decided.after.id });
  return decided.view;
}
