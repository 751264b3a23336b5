import {
  adjustmentApi,
  adjustmentStatuses,
  chainAdminApi,
  chainTransferStates,
  depositStatuses,
  type Endpoint,
  ipoAdminApi,
  kycAdminApi,
  kycApplicationStatuses,
  loanAdminApi,
  loanApprovalStatuses,
  orderStatuses,
  payoutStates,
  supportAdminApi,
  tradeAdminApi,
  waitingFor,
  walletAdminApi,
  withdrawStatuses,
} from '@soar/contract';
import { and, count, eq, isNull, lte, min, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.ts';
import {
  balanceAdjustments,
  chainNetworks,
  chainTransfers,
  deposits,
  ipoOffers,
  kycApplications,
  loans,
  tradeOrders,
  withdrawals,
} from '../../db/schema/index.ts';
import type { DashboardProvider, DashboardQueueSource } from './dashboard.ts';

/** A queue of the rows of `table` that match `where`, the oldest by `since`. */
function rowQueue(
  db: Database,
  key: string,
  decidedBy: Pick<Endpoint, 'roles'>,
  table: PgTable,
  since: PgColumn,
  where: (now: Date) => SQL | undefined,
): DashboardQueueSource {
  return {
    key,
    decidedBy,
    async waiting(now) {
      const [row] = await db
        .select({ n: count(), oldest: min(since) })
        .from(table)
        .where(where(now));
      const oldest = row?.oldest;
      return { count: row?.n ?? 0, oldest: oldest instanceof Date ? oldest : oldest ? new Date(String(oldest)) : null };
    },
  };
}

/**
 * Chats whose last message is the member's (or the guest's): each waits since the first member
 * message after the last answer.
 */
function chatQueue(db: Database): DashboardQueueSource {
  return {
    key: 'chat',
    decidedBy: supportAdminApi.send,
    async waiting() {
      const [row] = await queryRows<{ n: number; oldest: string | null }>(
        db,
        sql`select count(*)::int as n, floor(extract(epoch from min(waiting.since)) * 1000)::text as oldest
            from (
              select asked.conversation_id, min(asked.created_at) as since
              from support_messages asked
              where asked.sender = 'member'
                and asked.id > coalesce(
                  (select max(answer.id) from support_messages answer
                   where answer.conversation_id = asked.conversation_id and answer.sender = 'operator'),
                  0)
              group by asked.conversation_id
            ) waiting`,
      );
      return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(Number(row.oldest)) : null };
    },
  };
}

/**
 * The work queues of the back office (docs/admin.md, Dashboard), each named by the call that
 * decides it, so a role sees the queues it may act on.
 */
export function reviewQueues(db: Database): DashboardProvider {
  return {
    name: 'queues',
    queues: [
      // Deposits seen on chain wait for confirmations, not for an operator.
      rowQueue(db, 'deposit', walletAdminApi.depositReview, deposits, deposits.createdAt, () =>
        and(eq(deposits.status, depositStatuses.wait), eq(deposits.source, 'manual')),
      ),
      rowQueue(db, 'withdraw', walletAdminApi.withdrawReview, withdrawals, withdrawals.createdAt, () =>
        eq(withdrawals.status, withdrawStatuses.wait),
      ),
      rowQueue(db, 'adjustment', adjustmentApi.approve, balanceAdjustments, balanceAdjustments.createdAt, () =>
        eq(balanceAdjustments.status, adjustmentStatuses.pending),
      ),
      rowQueue(db, 'loan', loanAdminApi.review, loans, loans.createdAt, () =>
        eq(loans.approvalStatus, loanApprovalStatuses.pending),
      ),
      rowQueue(db, 'kyc', kycAdminApi.review, kycApplications, kycApplications.submittedAt, () =>
        eq(kycApplications.status, kycApplicationStatuses.review),
      ),
      rowQueue(db, 'blockOrder', tradeAdminApi.orderReview, tradeOrders, tradeOrders.createdAt, () =>
        and(eq(tradeOrders.status, orderStatuses.pending), eq(tradeOrders.waitingFor, waitingFor.review)),
      ),
      // An offer whose subscription has closed waits for its allotment (by the lottery at its time,
      // or by an operator now); it has waited since the window closed.
      rowQueue(db, 'ipoAllotment', ipoAdminApi.allot, ipoOffers, ipoOffers.endTime, (now) =>
        and(isNull(ipoOffers.allottedAt), lte(ipoOffers.endTime, now)),
      ),
      chatQueue(db),
    ],
  };
}

/** The crypto rails' queues (docs/admin.md, Chain): held transfers, failed payouts, nodes down. */
export function chainQueues(db: Database): DashboardProvider {
  return {
    name: 'chainQueues',
    queues: [
      rowQueue(db, 'chainHeld', chainAdminApi.transferReview, chainTransfers, chainTransfers.createdAt, () =>
        eq(chainTransfers.state, chainTransferStates.held),
      ),
      rowQueue(db, 'chainFailed', chainAdminApi.payoutDecide, withdrawals, withdrawals.createdAt, () =>
        eq(withdrawals.payoutState, payoutStates.failed),
      ),
      rowQueue(db, 'chainNodeDown', chainAdminApi.status, chainNetworks, chainNetworks.failingSince, () =>
        eq(chainNetworks.nodeState, 'down'),
      ),
    ],
  };
}
