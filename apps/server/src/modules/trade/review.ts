import {
  type Direction,
  fillReasons,
  type LanguageKey,
  type OrderReviewBody,
  orderReviewStatuses,
  orderStatuses,
  waitingFor,
} from '@soar/contract';
import { eq } from 'drizzle-orm';
import { memberColumns } from '../../core/members.ts';
import { reviewRecord } from '../../core/review.ts';
import { blocktradeOffers, tradeOrders, users } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/route.ts';
import type { Book } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { release } from './amend.ts';
import { fill } from './placement.ts';
import { fillSide, formatPx, priceOn } from './pricing.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';
import { adminView } from './views.ts';

/**
 * A block order's review, through `reviewRecord` like every review: the order row is locked and
 * must still be pending (else `ALREADY_REVIEWED`) and wait for review (else `TRADE_NOT_BLOCK_ORDER`);
 * a pass fills it at the price now (one ledger entry), a refusal releases its frozen funds; both are
 * audited and noticed in the same transaction.
 */
export async function review(trade: TradeService, actor: Actor, body: OrderReviewBody, lang: LanguageKey) {
  if (body.status === orderReviewStatuses.refuse && !body.reason) throw new AppError('TRADE_REFUSE_REASON_REQUIRED');
  const now = trade.now();
  const passed = body.status === orderReviewStatuses.pass;
  const result = await trade.deps.ledger.transaction(async (book) => {
    const opened: { position: PositionRow | null } = { position: null };
    const { after: order } = await reviewRecord(book.tx, {
      table: tradeOrders,
      id: body.id,
      waiting: { column: 'status', is: orderStatuses.pending },
      notFound: 'TRADE_ORDER_NOT_FOUND',
      audit: { by: actor, action: passed ? 'order.pass' : 'order.refuse', entity: 'order', view: auditView },
      decide: async (row) => {
        if (row.waitingFor !== waitingFor.review) throw new AppError('TRADE_NOT_BLOCK_ORDER');
        const reviewed = { reviewedBy: actor.operatorId, reviewedAt: now };
        if (passed) opened.position = (await pass(trade, book, { ...row, ...reviewed }, now)).position;
        else await refuse(trade, book, row, body.reason ?? '', now);
        return reviewed;
      },
    });
    const [member] = await book.tx.select(memberColumns).from(users).where(eq(users.id, order.userId));
    const [offer] = order.blockOfferId
      ? await book.tx.select().from(blocktradeOffers).where(eq(blocktradeOffers.id, order.blockOfferId))
      : [];
    if (!member) throw new Error(`order ${order.id} has no member`);
    return { order, position: opened.position, member, offer: offer ?? null };
  });
  trade.notify(result.order, result.position);
  return adminView(trade, result.order, result.member, lang, result.offer);
}

function auditView(row: OrderRow) {
  const { status, waitingFor, frozen, refuseReason, positionId } = row;
  return { status, waitingFor, frozen, reason: refuseReason, positionId };
}

/** Fills the block order at the price now, or at its offer's block price. */
async function pass(trade: TradeService, book: Book, row: OrderRow, now: Date) {
  const instrument = trade.instrument(row.symbol);
  const quoted = trade.quoted(instrument);
  const side = fillSide(row.direction as Direction);
  // An order from a block offer fills at its block price, kept as its limit (docs/blocktrade.md).
  const offerPrice = row.blockOfferId !== null && row.limitPrice !== null ? new Money(row.limitPrice) : null;
  const price = offerPrice ?? priceOn(side, quoted);
  // Any other block limit is respected like any limit: the pass fills at the review's price
  // only when it is at or better than the limit (docs/trading.md, Block orders).
  if (!offerPrice && row.limitPrice && (side === 'ask' ? price.gt(row.limitPrice) : price.lt(row.limitPrice))) {
    throw new AppError('TRADE_LIMIT_NOT_REACHED', undefined, {
      price: formatPx(instrument, price),
      limit: formatPx(instrument, new Money(row.limitPrice)),
    });
  }
  return fill(
    trade,
    book,
    row,
    instrument,
    price,
    offerPrice
      ? { key: fillReasons.blockOfferPassed, params: { price: formatPx(instrument, price) } }
      : { key: fillReasons.blockPassed, params: { price: formatPx(instrument, price), side } },
    now,
  );
}

/** Releases the block order's frozen funds with the operator's reason, and tells the member. */
async function refuse(trade: TradeService, book: Book, row: OrderRow, reason: string, now: Date) {
  const refused = await release(trade, book, eq(tradeOrders.id, row.id), orderStatuses.refused, now, {
    refuseReason: reason,
  });
  if (!refused) throw new AppError('TRADE_NOT_BLOCK_ORDER');
  await sendNotice(book, {
    userId: row.userId,
    kind: 'orderRefused',
    params: { quantity: row.quantity, symbol: row.symbol, reason, direction: row.direction },
    reference: `order:${row.id}`,
  });
}
