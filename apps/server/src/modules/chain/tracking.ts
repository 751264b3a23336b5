import { payoutFailures, payoutStates } from '@soar/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chainSends, withdrawals } from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { type EvmNode, RpcError } from './evm-node.ts';
import type { EvmHotWallet } from './hot-wallet.ts';
import { refundPayout, setPayout, type WithdrawalRow } from './payouts.ts';

export type SendRow = typeof chainSends.$inferSelect;
type Receipt = { status: string; blockNumber: string; transactionHash: string };

/** Payouts with a nonce in play: followed to their receipt. */
export const activeStates = [payoutStates.sending, payoutStates.cancelling];

export type Tracking = {
  db: Database;
  ledger: Ledger;
  node: EvmNode;
  wallet: EvmHotWallet;
  head: number;
  now: Date;
  confirmations: number;
  dropAfterMs: number;
  /** Signs again with the last send's nonce: the same transfer, or a cancellation. */
  resign(withdrawal: WithdrawalRow, last: SendRow, kind: 'transfer' | 'cancel'): Promise<void>;
};

/**
 * Broadcasts a stored send. A node that refuses it (already known, the nonce used, too low a fee)
 * is not an error here: following the send to its receipt decides what happened.
 */
export async function broadcast(db: Database, node: EvmNode, send: SendRow, now: Date): Promise<void> {
  try {
    await node.call<string>('eth_sendRawTransaction', [send.rawTx]);
  } catch (error) {
    if (error instanceof RpcError) return;
    throw error;
  }
  await db.update(chainSends).set({ broadcastAt: now }).where(eq(chainSends.id, send.id));
}

/**
 * Follows a withdrawal's sends at its current nonce. One mined with its confirmations settles it:
 * a transfer that succeeded is paid, one that reverted fails to an operator (or, being cancelled,
 * is refunded), a mined cancellation is refunded. None mined: the nonce used by a transaction
 * the signer did not make, or no block after `dropAfterMs`, means dropped; a send the node forgot
 * is broadcast again.
 */
export async function track(tracking: Tracking, withdrawal: WithdrawalRow): Promise<void> {
  const { node, now } = tracking;
  const sends = await tracking.db
    .select()
    .from(chainSends)
    .where(eq(chainSends.withdrawalId, withdrawal.id))
    .orderBy(desc(chainSends.id));
  const last = sends[0];
  if (!last) return;
  for (const send of sends.filter((item) => item.nonce === last.nonce)) {
    const receipt = await node.call<Receipt | null>('eth_getTransactionReceipt', [send.txHash]);
    if (receipt) return settle(tracking, withdrawal, send, receipt);
  }
  if ((await tracking.wallet.minedNonce()) > last.nonce) {
    return finish(tracking, withdrawal, (book, locked) =>
      locked.payoutState === payoutStates.cancelling
        ? refundPayout(book, locked)
        : setPayout(book, locked.id, { payoutState: payoutStates.failed, payoutFailure: payoutFailures.dropped }),
    );
  }
  if (withdrawal.payoutState === payoutStates.cancelling && last.kind !== 'cancel') {
    return tracking.resign(withdrawal, last, 'cancel');
  }
  if (!(await node.call<unknown>('eth_getTransactionByHash', [last.txHash]))) {
    await broadcast(tracking.db, node, last, now);
  }
  if (
    withdrawal.payoutState === payoutStates.sending &&
    now.getTime() - last.createdAt.getTime() > tracking.dropAfterMs
  ) {
    await finish(tracking, withdrawal, (book, locked) =>
      setPayout(book, locked.id, { payoutState: payoutStates.failed, payoutFailure: payoutFailures.dropped }),
    );
  }
}

async function settle(tracking: Tracking, withdrawal: WithdrawalRow, send: SendRow, receipt: Receipt) {
  const confirmations = tracking.head - Number(BigInt(receipt.blockNumber)) + 1;
  if (confirmations < tracking.confirmations) {
    if (send.kind === 'transfer' && withdrawal.txHash !== send.txHash) {
      await finish(tracking, withdrawal, (book, locked) =>
        setPayout(book, locked.id, { payoutState: locked.payoutState ?? payoutStates.sending, txHash: send.txHash }),
      );
    }
    return;
  }
  const succeeded = receipt.status === '0x1';
  await finish(tracking, withdrawal, async (book, locked) => {
    if (send.kind === 'cancel' || (!succeeded && locked.payoutState === payoutStates.cancelling)) {
      return refundPayout(book, locked);
    }
    if (!succeeded) {
      return setPayout(book, locked.id, {
        payoutState: payoutStates.failed,
        payoutFailure: payoutFailures.reverted,
        txHash: send.txHash,
      });
    }
    const paid = await setPayout(book, locked.id, {
      payoutState: payoutStates.paid,
      payoutFailure: null,
      txHash: send.txHash,
      paidAt: tracking.now,
    });
    await sendNotice(book, {
      userId: paid.userId,
      kind: 'withdrawPaid',
      params: {
        amount: moneyString(paid.arrivalAmount ?? paid.amount),
        currency: paid.arrivalCurrency ?? paid.currency,
        txHash: send.txHash,
      },
      reference: `withdrawal:${paid.id}`,
    });
    return paid;
  });
}

/** Runs the change on the withdrawal row locked, only if no one moved it meanwhile (an operator's decision). */
async function finish(
  tracking: Tracking,
  withdrawal: WithdrawalRow,
  change: (book: Book, locked: WithdrawalRow) => Promise<unknown>,
) {
  await tracking.ledger.transaction(async (book) => {
    const [locked] = await book.tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, withdrawal.id)))
      .for('update');
    if (!locked || locked.payoutState !== withdrawal.payoutState) return;
    await change(book, locked);
  });
}
