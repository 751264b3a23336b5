import { payoutStates } from '@soar/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { formatEther, formatUnits } from 'ethers';
import type { Database, Transaction } from '../../db/client.ts';
import { chainNonces, chainSends, withdrawals } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/workers.ts';
import { moneyString } from '../../lib/decimal.ts';
import type { Ledger } from '../ledger/index.ts';
import { saveHotWallet } from './chain-networks.ts';
import type { EvmNode } from './evm-node.ts';
import { type EvmHotWallet, type Fees, type SignedTransaction, tokenTransferGas } from './hot-wallet.ts';
import { payoutValue, setPayout, type WithdrawalRow } from './payouts.ts';
import { usdtDecimals } from './settings.ts';
import { activeStates, broadcast, type SendRow, track } from './tracking.ts';

export type SignerOptions = {
  confirmations: number;
  /** A send the node has not mined by then is dropped: an operator retries or refunds. */
  dropAfterMs?: number;
  /** Tests stop here to play a crash between storing a signed transaction and broadcasting it. */
  afterStore?: (send: SendRow) => void | Promise<void>;
};

const network = 'ERC20';

/**
 * The withdrawal signer of the ERC-20 network (docs/ledger.md, On chain), a worker on the engine
 * node. A pass broadcasts what was stored and not yet broadcast (after a crash), follows every
 * send to its receipt, and signs the next passed withdrawals the hot wallet can pay. A signed
 * transaction and its hash are stored, with the nonce moved on, in one database transaction
 * before anything is broadcast, so a crash at any point leaves at most one transaction per nonce
 * to broadcast again, and the chain mines at most one per nonce.
 */
export class PayoutSigner implements Worker {
  readonly name = `chain.sign.${network}`;
  readonly intervalMs = 5_000;
  readonly #dropAfterMs: number;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly node: EvmNode,
    private readonly wallet: EvmHotWallet,
    private readonly options: SignerOptions,
  ) {
    this.#dropAfterMs = options.dropAfterMs ?? 30 * 60_000;
  }

  get address(): string {
    return this.wallet.address;
  }

  /** Names the hot wallet on the network's row: from then on passed USDT withdrawals go on chain. */
  async register(): Promise<void> {
    await saveHotWallet(this.db, network, { hotWallet: this.wallet.address });
  }

  async pass(now: Date): Promise<boolean> {
    await this.#broadcastStored(now);
    const head = await this.node.head();
    for (const withdrawal of await this.#inFlight()) {
      await track(this.#tracking(now, head), withdrawal);
    }
    await this.#signWaiting(now);
    return false;
  }

  #tracking(now: Date, head: number) {
    return {
      db: this.db,
      ledger: this.ledger,
      node: this.node,
      wallet: this.wallet,
      head,
      now,
      confirmations: this.options.confirmations,
      dropAfterMs: this.#dropAfterMs,
      resign: (withdrawal: WithdrawalRow, last: SendRow, kind: 'transfer' | 'cancel') =>
        this.#resign(withdrawal, last, kind, now),
    };
  }

  /**
   * Sends stored before a crash, never broadcast: broadcast now (the same bytes, the same hash).
   * Only a withdrawal's newest send counts (a retry supersedes what it replaces), and a withdrawal
   * being cancelled only broadcasts its cancellation: its transfer must not reach the chain now.
   */
  async #broadcastStored(now: Date) {
    const stored = await this.db
      .select({ send: chainSends, state: withdrawals.payoutState })
      .from(chainSends)
      .innerJoin(withdrawals, eq(withdrawals.id, chainSends.withdrawalId))
      .where(and(isNull(chainSends.broadcastAt), inArray(withdrawals.payoutState, activeStates)))
      .orderBy(asc(chainSends.id));
    for (const { send, state } of stored) {
      if (state === payoutStates.cancelling && send.kind !== 'cancel') continue;
      const newest = await this.#lastSend(send.withdrawalId);
      if (newest?.id === send.id) await broadcast(this.db, this.node, send, now);
    }
  }

  async #inFlight(): Promise<WithdrawalRow[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.network, network), inArray(withdrawals.payoutState, activeStates)))
      .orderBy(asc(withdrawals.id));
  }

  /**
   * Passed withdrawals not yet signed, oldest first: each the hot wallet can pay now is signed and
   * sent; one it cannot pay waits (`waiting_funds`) while smaller ones behind it go.
   */
  async #signWaiting(now: Date) {
    const waiting = await this.db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.network, network),
          inArray(withdrawals.payoutState, [payoutStates.queued, payoutStates.waitingFunds, payoutStates.replacing]),
        ),
      )
      .orderBy(asc(withdrawals.id));
    let [tokens, gas] = await Promise.all([this.wallet.tokenBalance(), this.wallet.gasBalance()]);
    tokens -= await this.#unminedValue();
    await this.#saveBalances(tokens, gas);
    for (const withdrawal of waiting) {
      if (withdrawal.payoutState === payoutStates.replacing) {
        const last = await this.#lastSend(withdrawal.id);
        if (last) await this.#resign(withdrawal, last, 'transfer', now);
        continue;
      }
      const value = payoutValue(withdrawal);
      const fees = await this.wallet.fees();
      const enough = value <= tokens && tokenTransferGas * fees.maxFeePerGas <= gas;
      if (!enough) {
        if (withdrawal.payoutState !== payoutStates.waitingFunds) {
          await this.ledger.transaction((book) =>
            setPayout(book, withdrawal.id, { payoutState: payoutStates.waitingFunds }).then(() => undefined),
          );
        }
        continue;
      }
      const send = await this.#signNew(withdrawal, value, fees, now);
      if (!send) continue;
      tokens -= value;
      gas -= tokenTransferGas * fees.maxFeePerGas;
      await this.options.afterStore?.(send);
      await broadcast(this.db, this.node, send, now);
    }
  }

  /** Signs with the next nonce and stores it all in one transaction: nothing is broadcast before the commit. */
  async #signNew(withdrawal: WithdrawalRow, value: bigint, fees: Fees, now: Date): Promise<SendRow | undefined> {
    const nodeNonce = await this.wallet.pendingNonce();
    return this.ledger.transaction(async (book) => {
      const [locked] = await book.tx
        .select()
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.id, withdrawal.id),
            inArray(withdrawals.payoutState, [payoutStates.queued, payoutStates.waitingFunds]),
          ),
        )
        .for('update');
      if (!locked) return undefined;
      await book.tx
        .insert(chainNonces)
        .values({ network, address: this.wallet.address, next: nodeNonce })
        .onConflictDoNothing();
      const [counter] = await book.tx
        .select()
        .from(chainNonces)
        .where(and(eq(chainNonces.network, network), eq(chainNonces.address, this.wallet.address)))
        .for('update');
      // The database hands nonces out; the node's count only moves it on past transactions made elsewhere.
      const nonce = Math.max(counter?.next ?? 0, nodeNonce);
      const signed = await this.wallet.signTransfer(locked.address, value, nonce, fees);
      await book.tx
        .update(chainNonces)
        .set({ next: nonce + 1 })
        .where(and(eq(chainNonces.network, network), eq(chainNonces.address, this.wallet.address)));
      const send = await this.#store(book.tx, locked, 'transfer', nonce, signed, now);
      await setPayout(book, locked.id, {
        payoutState: payoutStates.sending,
        payoutFailure: null,
        txHash: signed.txHash,
      });
      return send;
    });
  }

  /**
   * A retry of a dropped send (the same transfer) or its cancellation (nothing to itself), with
   * the same nonce and higher fees, so the chain takes one or the other, never both.
   */
  async #resign(withdrawal: WithdrawalRow, last: SendRow, kind: 'transfer' | 'cancel', now: Date) {
    const fees = await this.wallet.fees({
      maxFeePerGas: BigInt(last.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(last.maxPriorityFeePerGas),
    });
    const signed =
      kind === 'transfer'
        ? await this.wallet.signTransfer(withdrawal.address, payoutValue(withdrawal), last.nonce, fees)
        : await this.wallet.signCancel(last.nonce, fees);
    const send = await this.ledger.transaction(async (book) => {
      const [locked] = await book.tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)).for('update');
      if (locked?.payoutState !== withdrawal.payoutState) return undefined;
      const stored = await this.#store(book.tx, locked, kind, last.nonce, signed, now);
      if (kind === 'transfer') {
        await setPayout(book, locked.id, {
          payoutState: payoutStates.sending,
          payoutFailure: null,
          txHash: signed.txHash,
        });
      }
      return stored;
    });
    if (!send) return;
    await this.options.afterStore?.(send);
    await broadcast(this.db, this.node, send, now);
  }

  async #store(
    tx: Transaction,
    withdrawal: WithdrawalRow,
    kind: 'transfer' | 'cancel',
    nonce: number,
    signed: SignedTransaction,
    now: Date,
  ): Promise<SendRow> {
    const [send] = await tx
      .insert(chainSends)
      .values({
        withdrawalId: withdrawal.id,
        network,
        kind,
        fromAddress: this.wallet.address,
        nonce,
        rawTx: signed.rawTx,
        txHash: signed.txHash,
        maxFeePerGas: signed.fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: signed.fees.maxPriorityFeePerGas.toString(),
        // The signer's clock: how long a send has waited decides when it counts as dropped.
        createdAt: now,
      })
      .returning();
    if (!send) throw new Error('insert returned no send');
    return send;
  }

  async #lastSend(withdrawalId: number): Promise<SendRow | undefined> {
    const [send] = await this.db
      .select()
      .from(chainSends)
      .where(eq(chainSends.withdrawalId, withdrawalId))
      .orderBy(desc(chainSends.id))
      .limit(1);
    return send;
  }

  /** USDT signed away and not yet mined: the token balance does not show it yet. */
  async #unminedValue(): Promise<bigint> {
    const sending = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.network, network), eq(withdrawals.payoutState, payoutStates.sending)));
    let total = 0n;
    for (const withdrawal of sending) {
      const receipt = withdrawal.txHash
        ? await this.node.call<unknown>('eth_getTransactionReceipt', [withdrawal.txHash])
        : null;
      if (!receipt) total += payoutValue(withdrawal);
    }
    return total;
  }

  async #saveBalances(tokens: bigint, gas: bigint) {
    await saveHotWallet(this.db, network, {
      hotWallet: this.wallet.address,
      hotBalance: moneyString(formatUnits(tokens < 0n ? 0n : tokens, usdtDecimals)),
      hotGas: formatEther(gas),
    });
  }
}
