import {
  type ChainTransferReviewBody,
  type CryptoNetwork,
  chainTransferStates,
  cryptoNetworks,
  depositStatuses,
  type PayoutDecisionBody,
  type PayoutState,
  payoutStates,
} from '@soar/contract';
import { and, count, desc, eq, inArray, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { memberIdOfUid, pageWithMembers, withMember } from '../../core/members.ts';
import { reviewRecord } from '../../core/review.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { chainNetworks, chainSends, chainTransfers, deposits, withdrawals } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Ledger } from '../ledger/index.ts';
import { adminWithdrawalView, type Reviewer } from '../wallet/index.ts';
import { decidePayout, type WithdrawalRow } from './payouts.ts';
import type { ChainSettings } from './settings.ts';
import { creditTransfer, type TransferRow } from './transfers.ts';

/** Payouts not yet paid nor refunded nor failed: what the hot wallet still owes. */
const pendingPayouts: PayoutState[] = [
  payoutStates.queued,
  payoutStates.waitingFunds,
  payoutStates.sending,
  payoutStates.replacing,
  payoutStates.cancelling,
];

export function transferView(row: TransferRow) {
  return {
    id: row.id,
    network: row.network,
    txHash: row.txHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash,
    contract: row.contract,
    usdt: row.amount !== null,
    from: row.fromAddress,
    to: row.toAddress,
    value: String(row.value),
    amount: row.amount === null ? null : moneyString(row.amount),
    userId: row.userId,
    state: row.state,
    holdReason: row.holdReason,
    confirmations: row.confirmations,
    depositId: row.depositId,
    remark: row.remark,
    reviewerId: row.reviewerId,
    seenAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The operators' chain page (docs/admin.md, Chain): each network's state, the held transfers, the failed payouts. */
export class ChainAdmin {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly settings: ChainSettings,
    private readonly addressNetworks: readonly CryptoNetwork[],
  ) {}

  async status() {
    const [rows, transfers, payouts] = await Promise.all([
      this.db.select().from(chainNetworks),
      this.db
        .select({ network: chainTransfers.network, state: chainTransfers.state, n: count() })
        .from(chainTransfers)
        .where(inArray(chainTransfers.state, [chainTransferStates.confirming, chainTransferStates.held]))
        .groupBy(chainTransfers.network, chainTransfers.state),
      this.db
        .select({
          network: withdrawals.network,
          state: withdrawals.payoutState,
          n: count(),
          total: sql<string>`coalesce(sum(${withdrawals.arrivalAmount}), 0)::text`,
        })
        .from(withdrawals)
        .where(isNotNull(withdrawals.payoutState))
        .groupBy(withdrawals.network, withdrawals.payoutState),
    ]);
    return cryptoNetworks.map((network) => {
      const row = rows.find((item) => item.network === network);
      const transfersIn = (state: string) =>
        transfers.find((item) => item.network === network && item.state === state)?.n ?? 0;
      const pending = payouts.filter(
        (item) => item.network === network && item.state !== null && pendingPayouts.includes(item.state),
      );
      const configured = this.settings.networks[network];
      return {
        network,
        watching: Boolean(configured.node && configured.contract),
        addresses: this.addressNetworks.includes(network),
        contract: configured.contract ?? null,
        nodeState: row?.nodeState ?? ('unknown' as const),
        nodeError: row?.nodeError ?? null,
        failingSince: row?.failingSince?.toISOString() ?? null,
        checkedAt: row?.checkedAt?.toISOString() ?? null,
        latestBlock: row?.latestBlock ?? null,
        cursor: row?.cursor ?? null,
        confirmations: this.settings.confirmations,
        confirming: transfersIn(chainTransferStates.confirming),
        held: transfersIn(chainTransferStates.held),
        hotWallet: row?.hotWallet ?? null,
        hotBalance: row?.hotBalance == null ? null : moneyString(row.hotBalance),
        hotGas: row?.hotGas == null ? null : moneyString(row.hotGas),
        payoutsPending: pending.reduce((sum, item) => sum + item.n, 0),
        payoutsPendingAmount: moneyString(pending.reduce((sum, item) => sum.plus(item.total), new Money(0))),
        payoutsFailed: payouts.find((item) => item.network === network && item.state === payoutStates.failed)?.n ?? 0,
      };
    });
  }

  async transfers(query: PageQuery & { network?: CryptoNetwork; state?: TransferRow['state'] }) {
    const filters: SQL[] = [];
    if (query.network) filters.push(eq(chainTransfers.network, query.network));
    if (query.state) filters.push(eq(chainTransfers.state, query.state));
    const where = and(...filters);
    const page = await paginate(
      query,
      this.db.select().from(chainTransfers).where(where).orderBy(desc(chainTransfers.id)).$dynamic(),
      this.db.select({ total: count() }).from(chainTransfers).where(where),
      transferView,
    );
    return pageWithMembers(this.db, page);
  }

  /**
   * Credits a held transfer (to its address's member, or to the member named when the address
   * is no member's) or dismisses it, audited; the credit's ledger transaction carries the
   * transfer's identity as its key, as the watcher's would.
   */
  async reviewTransfer(reviewer: Reviewer, body: ChainTransferReviewBody, claim?: IdempotencyClaim) {
    return this.ledger.transaction(async (book) => {
      const { view } = await reviewRecord(book.tx, {
        table: chainTransfers,
        id: body.id,
        waiting: { column: 'state', is: chainTransferStates.held },
        notFound: 'NOT_FOUND',
        audit: {
          by: reviewer,
          action: `chain.transfer.${body.decision}`,
          entity: 'chain_transfer',
          view: transferView,
        },
        decide: async (before) => {
          const decided = { reviewerId: reviewer.operatorId, remark: body.remark, decidedAt: new Date() };
          if (body.decision === 'dismiss') {
            if (before.depositId) {
              await book.tx
                .update(deposits)
                .set({ status: depositStatuses.refuse, chainState: chainTransferStates.dismissed, remark: body.remark })
                .where(eq(deposits.id, before.depositId));
              if (before.userId) book.emit('deposits', { userId: before.userId, id: before.depositId });
            }
            return { ...decided, state: chainTransferStates.dismissed };
          }
          const userId = await this.#creditedMember(book.tx, before, body.uid);
          if (!(await creditTransfer(book, before, userId))) throw new AppError('ALREADY_REVIEWED');
          return { ...decided, state: chainTransferStates.credited, userId };
        },
      });
      return withMember(book.tx, view);
    }, claim);
  }

  /** Who is credited: the address's member, or the one named by UID when the address is no member's. */
  async #creditedMember(tx: Transaction, transfer: TransferRow, uid: string | undefined) {
    if (transfer.amount === null) throw new AppError('ALREADY_REVIEWED');
    const named = uid === undefined ? undefined : await memberIdOfUid(tx, uid);
    if (transfer.userId !== null) {
      if (named !== undefined && named !== transfer.userId) throw new AppError('CHAIN_MEMBER_FIXED');
      return transfer.userId;
    }
    if (named === undefined) throw new AppError('CHAIN_MEMBER_REQUIRED');
    return named;
  }

  async payouts(query: PageQuery & { network?: CryptoNetwork; state?: PayoutState }) {
    const filters: SQL[] = [isNotNull(withdrawals.payoutState)];
    if (query.network) filters.push(eq(withdrawals.network, query.network));
    if (query.state) filters.push(eq(withdrawals.payoutState, query.state));
    const where = and(...filters);
    const page = await paginate(
      query,
      this.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).$dynamic(),
      this.db.select({ total: count() }).from(withdrawals).where(where),
      (row) => row,
    );
    return { ...page, list: await Promise.all(page.list.map((row) => payoutView(this.db, row))) };
  }

  async decidePayout(reviewer: Reviewer, body: PayoutDecisionBody, claim?: IdempotencyClaim) {
    return this.ledger.transaction(
      (book) => decidePayout(book, reviewer, body, (row) => payoutView(book.tx, row)),
      claim,
    );
  }
}

/** A withdrawal on chain as operators see it: the record with its nonce and how often it was signed. */
async function payoutView(db: Database | Transaction, row: WithdrawalRow) {
  const [sends] = await db
    .select({ n: count(), lastSentAt: max(chainSends.createdAt), nonce: max(chainSends.nonce) })
    .from(chainSends)
    .where(eq(chainSends.withdrawalId, row.id));
  return withMember(db, {
    ...adminWithdrawalView(row),
    payoutFailure: row.payoutFailure,
    nonce: sends?.nonce ?? null,
    sends: sends?.n ?? 0,
    lastSentAt: sends?.lastSentAt ? new Date(sends.lastSentAt).toISOString() : null,
  });
}
