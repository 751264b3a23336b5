import {
  type ChainHoldReason,
  type CryptoNetwork,
  chainTransferStates,
  depositStatuses,
  maxDeposit,
} from '@soar/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { convertLanding, currencyRates } from '../../core/currency.ts';
import { claimIdempotencyKey } from '../../core/idempotency.ts';
import type { Transaction } from '../../db/client.ts';
import { chainTransfers, deposits, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { Book } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { postDepositCredit, walletSetting } from '../wallet/index.ts';
import type { SeenTransfer } from './node.ts';
import { usdtDecimals } from './settings.ts';

export type TransferRow = typeof chainTransfers.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;

/** A raw USDT amount in whole units, or null when it could not be a deposit (past 10^16). */
export function usdtAmount(value: bigint): Money | null {
  if (value >= 10n ** BigInt(16 + usdtDecimals)) return null;
  return new Money(value.toString()).div(10 ** usdtDecimals);
}

/** The transfer's identity as the ledger's idempotency key: one credit, whoever credits it. */
export function creditClaim(transfer: Pick<TransferRow, 'network' | 'txHash' | 'logIndex'>) {
  return { owner: `chain:${transfer.network}`, key: `${transfer.txHash}:${transfer.logIndex}`, requestHash: 'credit' };
}

export type Recording = {
  network: CryptoNetwork;
  contract: string;
  confirmationsNeeded: number;
  minimumDeposit: Money;
};

/**
 * Records a transfer the node reported, once by its identity. A new one is classified: another
 * token is `other_token`; USDT below the minimum `below_minimum`; otherwise `confirming`, with a
 * deposit the member sees at once when the address is a member's. One seen again after its block
 * was dropped, or in a new block, is re-read: back to `confirming` with the new block.
 */
export async function recordTransfer(
  book: Book,
  recording: Recording,
  seen: SeenTransfer,
  owner: number | null,
  confirmations: number,
): Promise<void> {
  const { tx } = book;
  const [existing] = await tx
    .select()
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.network, recording.network),
        eq(chainTransfers.txHash, seen.txHash),
        eq(chainTransfers.logIndex, seen.logIndex),
      ),
    )
    .for('update');
  if (existing) {
    const rereadable =
      existing.state === chainTransferStates.confirming || existing.state === chainTransferStates.dropped;
    if (!rereadable || (existing.blockHash === seen.blockHash && existing.state === chainTransferStates.confirming)) {
      return;
    }
    await tx
      .update(chainTransfers)
      .set({
        blockNumber: seen.blockNumber,
        blockHash: seen.blockHash,
        state: chainTransferStates.confirming,
        confirmations,
        updatedAt: new Date(),
      })
      .where(eq(chainTransfers.id, existing.id));
    if (existing.depositId) {
      await updateDeposit(book, existing.depositId, {
        status: depositStatuses.wait,
        chainState: chainTransferStates.confirming,
        confirmations,
      });
    }
    return;
  }

  const usdt = seen.contract === recording.contract;
  const amount = usdt ? usdtAmount(seen.value) : null;
  const state = !usdt
    ? chainTransferStates.otherToken
    : amount?.lt(recording.minimumDeposit)
      ? chainTransferStates.belowMinimum
      : chainTransferStates.confirming;
  // Only USDT a deposit can hold makes one; anything else waits for an operator once confirmed.
  const deposit =
    owner !== null && amount?.lte(maxDeposit)
      ? await insertDeposit(tx, {
          userId: owner,
          network: recording.network,
          txHash: seen.txHash,
          amount,
          state: state === chainTransferStates.belowMinimum ? state : chainTransferStates.confirming,
          confirmations,
          confirmationsNeeded: recording.confirmationsNeeded,
        })
      : undefined;
  await tx.insert(chainTransfers).values({
    network: recording.network,
    txHash: seen.txHash,
    logIndex: seen.logIndex,
    blockNumber: seen.blockNumber,
    blockHash: seen.blockHash,
    contract: seen.contract,
    fromAddress: seen.from,
    toAddress: seen.to,
    value: seen.value.toString(),
    amount: amount === null ? null : moneyString(amount),
    userId: owner,
    state,
    confirmations,
    depositId: deposit?.id ?? null,
  });
  if (deposit) book.emit('deposits', { userId: deposit.userId, id: deposit.id });
}

type NewDeposit = {
  userId: number;
  network: CryptoNetwork;
  txHash: string;
  amount: Money;
  state: typeof chainTransferStates.confirming | typeof chainTransferStates.belowMinimum;
  confirmations: number;
  confirmationsNeeded: number;
};

/** The member's deposit record of a transfer, in the credit currency the wallet setting names for USDT. */
async function insertDeposit(tx: Transaction, deposit: NewDeposit): Promise<DepositRow> {
  const [setting, rates] = await Promise.all([walletSetting(tx), currencyRates(tx)]);
  const creditCurrency = setting.depositCreditCurrency.USDT ?? 'USDT';
  const [row] = await tx
    .insert(deposits)
    .values({
      userId: deposit.userId,
      type: 'crypto',
      currency: 'USDT',
      amount: moneyString(deposit.amount),
      creditCurrency,
      convertedAmount: moneyString(convertLanding(rates, deposit.amount, 'USDT', creditCurrency).received),
      network: deposit.network,
      txHash: deposit.txHash,
      source: 'chain',
      status: deposit.state === chainTransferStates.belowMinimum ? depositStatuses.refuse : depositStatuses.wait,
      chainState: deposit.state,
      confirmations: deposit.confirmations,
      confirmationsNeeded: deposit.confirmationsNeeded,
    })
    .returning();
  if (!row) throw new Error('insert returned no deposit');
  return row;
}

async function updateDeposit(book: Book, id: number, change: Partial<DepositRow>): Promise<DepositRow | undefined> {
  const [row] = await book.tx.update(deposits).set(change).where(eq(deposits.id, id)).returning();
  if (row) book.emit('deposits', { userId: row.userId, id: row.id });
  return row;
}

/** A confirming transfer whose block is no longer on the chain: never credited unless seen again. */
export async function dropTransfers(book: Book, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const dropped = await book.tx
    .update(chainTransfers)
    .set({ state: chainTransferStates.dropped, confirmations: 0, updatedAt: new Date() })
    .where(and(inArray(chainTransfers.id, ids), eq(chainTransfers.state, chainTransferStates.confirming)))
    .returning({ depositId: chainTransfers.depositId });
  for (const { depositId } of dropped) {
    if (depositId) {
      await updateDeposit(book, depositId, {
        status: depositStatuses.refuse,
        chainState: chainTransferStates.dropped,
        confirmations: 0,
      });
    }
  }
}

/** Confirmations of every confirming transfer at `head`; members see each change live. */
export async function countConfirmations(book: Book, network: CryptoNetwork, head: number): Promise<void> {
  const counted = sql<number>`greatest(0, ${head} - ${chainTransfers.blockNumber} + 1)::int`;
  const changed = await book.tx
    .update(chainTransfers)
    .set({ confirmations: counted, updatedAt: new Date() })
    .where(
      and(
        eq(chainTransfers.network, network),
        eq(chainTransfers.state, chainTransferStates.confirming),
        sql`${chainTransfers.confirmations} <> ${counted}`,
      ),
    )
    .returning({ depositId: chainTransfers.depositId, confirmations: chainTransfers.confirmations });
  for (const { depositId, confirmations } of changed) {
    if (depositId) await updateDeposit(book, depositId, { confirmations });
  }
}

/** Marks a confirmed transfer for an operator's decision (docs/admin.md, Chain). */
export async function holdTransfer(book: Book, transfer: TransferRow, reason: ChainHoldReason): Promise<void> {
  await book.tx
    .update(chainTransfers)
    .set({ state: chainTransferStates.held, holdReason: reason, updatedAt: new Date() })
    .where(eq(chainTransfers.id, transfer.id));
  if (transfer.depositId) await updateDeposit(book, transfer.depositId, { chainState: chainTransferStates.held });
}

/** Why a confirmed USDT transfer cannot be credited by itself, or undefined when it can. */
export async function holdReason(tx: Transaction, transfer: TransferRow): Promise<ChainHoldReason | undefined> {
  if (transfer.userId === null) return 'no_member';
  if (transfer.depositId === null) return 'above_maximum';
  const [member] = await tx.select({ loginFrozen: users.loginFrozen }).from(users).where(eq(users.id, transfer.userId));
  if (!member || member.loginFrozen) return 'frozen_member';
  return undefined;
}

/**
 * Credits a confirmed USDT transfer to `userId` as one ledger transaction whose idempotency key
 * is the transfer's identity (a second credit of it finds the key and moves nothing). The
 * transfer row must be locked by the caller. Answers false when it was credited before.
 */
export async function creditTransfer(book: Book, transfer: TransferRow, userId: number): Promise<boolean> {
  const { tx } = book;
  if (await claimIdempotencyKey(tx, creditClaim(transfer))) return false;
  if (transfer.amount === null) throw new Error('a transfer without an amount cannot be credited');
  const amount = new Money(transfer.amount);
  const rates = await currencyRates(tx);
  const deposit = transfer.depositId
    ? await lockDeposit(tx, transfer.depositId)
    : await insertDeposit(tx, {
        userId,
        network: transfer.network,
        txHash: transfer.txHash,
        amount,
        state: chainTransferStates.confirming,
        confirmations: transfer.confirmations,
        confirmationsNeeded: transfer.confirmations,
      });
  const converted = await postDepositCredit(book, deposit, amount, rates);
  await updateDeposit(book, deposit.id, {
    status: depositStatuses.pass,
    auditAmount: moneyString(amount),
    convertedAmount: moneyString(converted),
    auditedAt: new Date(),
    chainState: chainTransferStates.credited,
    confirmations: transfer.confirmations,
  });
  await tx
    .update(chainTransfers)
    .set({ state: chainTransferStates.credited, depositId: deposit.id, userId, updatedAt: new Date() })
    .where(eq(chainTransfers.id, transfer.id));
  await sendNotice(book, {
    userId,
    kind: 'depositPassed',
    params: { amount: moneyString(amount), currency: 'USDT', credited: moneyString(amount) },
    reference: `deposit:${deposit.id}`,
  });
  return true;
}

async function lockDeposit(tx: Transaction, id: number): Promise<DepositRow> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new Error(`deposit ${id} of a transfer is missing`);
  return row;
}
