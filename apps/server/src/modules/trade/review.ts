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
import { blocktradeOffers, tradeOrders, users } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/route.ts';
import { recordAudit } from '../admin/audit.ts';
import { sendNotice } from '../notice/send.ts';
import { release } from './amend.ts';
import { fill } from './placement.ts';
import { fillSide, formatPx, priceOn } from './pricing.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';
import { adminView } from './views.ts';

/**
 * A block order's review: the order row is locked first and must still wait for review; a pass
 * fills it at the price now (one ledger entry), a refusal releases its frozen funds; both are
 * audited and noticed in the same transaction.
 */
export async function review(trade: TradeService, actor: Actor, body: OrderReviewBody, lang: LanguageKey) {
  if (body.status === orderReviewStatuses.refuse && !body.reason) throw new AppError('TRADE_REFUSE_REASON_REQUIRED');
  const now = trade.now();
  const result = await trade.deps.ledger.transaction(async (book) => {
    const [row] = await book.tx.select().from(tradeOrders).where(eq(tradeOrders.id, body.id)).for('update');
    if (!row) throw new AppError('TRADE_ORDER_NOT_FOUND');
    if (row.status !== orderStatuses.pending || row.waitingFor !== waitingFor.review) {
      throw new AppError('TRADE_NOT_BLOCK_ORDER');
    }
    const reviewed = { reviewedBy: actor.operatorId, reviewedAt: now };
    await book.tx.update(tradeOrders).set(reviewed).where(eq(tradeOrders.id, row.id));
    let order: OrderRow;
    let position: PositionRow | null = null;
    if (body.status === orderReviewStatuses.pass) {
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
      const filled = await fill(
        trade,
        book,
        { ...row, ...reviewed },
        instrument,
        price,
        offerPrice
          ? { key: fillReasons.blockOfferPassed, params: { price: formatPx(instrument, price) } }
          : { key: fillReasons.blockPassed, params: { price: formatPx(instrument, price), side } },
        now,
      );
      order = filled.order;
      position = filled.position;
    } else {
      const refused = await release(trade, book, eq(tradeOrders.id, row.id), orderStatuses.refused, now, {
        refuseReason: body.reason ?? null,
      });
      if (!refused) throw new AppError('TRADE_NOT_BLOCK_ORDER');
      order = refused;
      await sendNotice(book, {
        userId: row.userId,
        kind: 'orderRefused',
        params: { quantity: row.quantity, symbol: row.symbol, reason: body.reason ?? '' },
        reference: `order:${row.id}`,
      });
    }
    await recordAudit(book.tx, {
      operatorId: actor.operatorId,
      action: body.status === orderReviewStatuses.pass ? 'order.pass' : 'order.refuse',
      entity: 'order',
      entityId: row.id,
      before: { status: row.status, waitingFor: row.waitingFor, frozen: row.frozen },
      after: { status: order.status, reason: body.reason ?? null, positionId: order.positionId },
      ip: actor.ip,
    });
    const [mail] = await book.tx.select({ mail: users.mail }).from(users).where(eq(users.id, row.userId));
    const [offer] = row.blockOfferId
      ? await book.tx.select().from(blocktradeOffers).where(eq(blocktradeOffers.id, row.blockOfferId))
      : [];
    return { order, position, mail: mail?.mail ?? null, offer: offer ?? null };
  });
  trade.notify(result.order, result.position);
  return adminView(trade, result.order, result.mail, lang, result.offer);
}
