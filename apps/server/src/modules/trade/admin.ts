import { type LanguageKey, orderStatuses, waitingFor } from '@soar/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import { assertCurrencyDecimals, currencyRates, rateOf } from '../../core/currency.ts';
import { memberColumns } from '../../core/members.ts';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import { blocktradeOffers, tradeFeeSchedules, tradeOrders, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import type { TradeService } from './service.ts';
import { adminView, feeView } from './views.ts';

export async function adminList(
  trade: TradeService,
  query: PageQuery & QueueSearch & { status?: string; block?: boolean; userId?: number },
  lang: LanguageKey,
) {
  const reviewQueue = query.status === undefined && query.block === undefined && query.userId === undefined;
  // Never null (`waiting_for` is null once reviewed), so "decided" is its negation.
  const waitingReview = sql`(${tradeOrders.waitingFor} is not distinct from ${waitingFor.review} and ${tradeOrders.status} = ${orderStatuses.pending})`;
  const where = and(
    // The review queue and its history: block orders only, waiting unless `decided` says otherwise.
    reviewQueue ? eq(tradeOrders.block, true) : undefined,
    reviewQueue && query.decided === undefined && query.id === undefined ? waitingReview : undefined,
    queueConditions(query, {
      id: tradeOrders.id,
      userId: tradeOrders.userId,
      amount: tradeOrders.frozen,
      time: tradeOrders.createdAt,
      waiting: waitingReview,
    }),
    query.status ? eq(tradeOrders.status, query.status) : undefined,
    query.block === undefined ? undefined : eq(tradeOrders.block, query.block),
    query.userId ? eq(tradeOrders.userId, query.userId) : undefined,
  );
  return paginate(
    query,
    trade.db
      .select({ order: tradeOrders, member: memberColumns, offer: blocktradeOffers })
      .from(tradeOrders)
      .innerJoin(users, eq(users.id, tradeOrders.userId))
      .leftJoin(blocktradeOffers, eq(blocktradeOffers.id, tradeOrders.blockOfferId))
      .where(where)
      .orderBy(reviewQueue ? asc(tradeOrders.id) : desc(tradeOrders.id))
      .$dynamic(),
    trade.db.select({ total: count() }).from(tradeOrders).where(where),
    (row) => adminView(trade, row.order, row.member, lang, row.offer),
  );
}

export async function feeList(trade: TradeService) {
  const rows = await trade.db.select().from(tradeFeeSchedules).orderBy(asc(tradeFeeSchedules.market));
  return rows.map((row) => feeView(row));
}

export async function feeUpdate(
  trade: TradeService,
  actor: Actor,
  body: {
    market: string;
    rate: string;
    minimum: string;
    platformFee: string;
    vipDiscounts: { level: number; discount: string }[];
    stopOutRatio?: string;
  },
) {
  const view = await trade.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tradeFeeSchedules)
      .where(eq(tradeFeeSchedules.market, body.market))
      .for('update');
    if (!before) throw new AppError('TRADE_FEE_SCHEDULE_NOT_FOUND');
    // docs/admin.md, Rules: amounts in the market's currency have at most its decimals (JPY 0).
    const rate = rateOf(await currencyRates(tx), before.currency);
    assertCurrencyDecimals('minimum', body.minimum, rate);
    assertCurrencyDecimals('platformFee', body.platformFee, rate);
    const [row] = await tx
      .update(tradeFeeSchedules)
      .set({ ...body, updatedAt: trade.now() })
      .where(eq(tradeFeeSchedules.market, body.market))
      .returning();
    if (!row) throw new Error('update returned no fee schedule');
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'trade.fee.update',
      entity: 'trade_fee_schedule',
      entityId: body.market,
      before: feeView(before),
      after: feeView(row),
      ip: actor.ip,
    });
    return feeView(row);
  });
  trade.forgetFees();
  // Shorts of the market are stopped out at the ratio now in force.
  trade.listener?.feesChanged(body.market);
  return view;
}
