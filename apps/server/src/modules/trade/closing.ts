import {
  type CloseReason,
  closeReasons,
  type Direction,
  directions,
  fillReasons,
  type LanguageKey,
  positionStatuses,
} from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { type FillReasonRecord, tradeCloses, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { Book } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { feeOf, formatPx, pnlOf, priceOn, type Sides } from './pricing.ts';
import type { CloseRow, PositionRow, TradeService } from './service.ts';
import { closeView, positionViews } from './views.ts';

/**
 * Closes `quantity` (all when undefined) of a position in ONE ledger entry: `trading` pays back
 * the cost of that part plus its P/L, the closing fee goes to `fees`, the rest to the member's
 * available balance. The position row is locked first; a closed one answers 409 (a racing
 * trigger or second close moves nothing). `expect` lets a trigger check its level still holds.
 */
export async function closeIn(
  trade: TradeService,
  book: Book,
  positionId: number,
  options: {
    userId?: number;
    quantity?: number;
    reason: CloseReason;
    quoted: Sides;
    instrument: Instrument;
    now: Date;
    fillReason: (price: Money, side: 'bid' | 'ask') => FillReasonRecord;
    expect?: (row: PositionRow) => boolean;
    /** This part's share of a closing fee charged once for several positions (holding.ts). */
    fee?: Money;
  },
): Promise<{ position: PositionRow; close: CloseRow } | undefined> {
  const where = options.userId
    ? and(eq(tradePositions.id, positionId), eq(tradePositions.userId, options.userId))
    : eq(tradePositions.id, positionId);
  const [row] = await book.tx.select().from(tradePositions).where(where).for('update');
  if (!row) throw new AppError('TRADE_POSITION_NOT_FOUND');
  if (row.status !== positionStatuses.open) {
    if (options.expect) return undefined;
    throw new AppError('TRADE_POSITION_CLOSED');
  }
  if (options.expect && !options.expect(row)) return undefined;
  const quantity = options.quantity ?? row.quantity;
  if (quantity > row.quantity || quantity % row.lotSize !== 0 || quantity <= 0) {
    throw new AppError('TRADE_CLOSE_QUANTITY', undefined, { lot: row.lotSize, open: row.quantity });
  }
  const direction = row.direction as Direction;
  const side = direction === directions.buy ? 'bid' : 'ask';
  const price = priceOn(side, options.quoted);
  const cost = new Money(row.openPrice).mul(quantity);
  const pnl = pnlOf(direction, row.openPrice, price, quantity);
  const gross = Money.max(0, cost.add(pnl));
  const fee = Money.min(gross, options.fee ?? (await closingFee(trade, book, row, price.mul(quantity))));
  const proceeds = gross.sub(fee);
  const realised = proceeds.sub(cost);
  const openFeeShare = new Money(row.openFee).mul(quantity).div(row.openedQuantity).toDecimalPlaces(8);
  const remaining = row.quantity - quantity;
  const clearOther =
    options.reason === closeReasons.stopLoss || options.reason === closeReasons.takeProfit || remaining === 0;
  const [position] = await book.tx
    .update(tradePositions)
    .set({
      quantity: remaining,
      closedQuantity: row.closedQuantity + quantity,
      realisedPnl: moneyString(new Money(row.realisedPnl).add(realised)),
      status: remaining === 0 ? positionStatuses.closed : positionStatuses.open,
      closeReason: options.reason,
      closedAt: remaining === 0 ? options.now : null,
      // One-cancels-other: the trigger that fired clears the other.
      ...(clearOther && options.reason !== closeReasons.member ? { stopLoss: null, takeProfit: null } : {}),
    })
    .where(and(eq(tradePositions.id, row.id), eq(tradePositions.status, positionStatuses.open)))
    .returning();
  if (!position) return undefined;
  const [close] = await book.tx
    .insert(tradeCloses)
    .values({
      positionId: row.id,
      userId: row.userId,
      quantity,
      closePrice: moneyString(price),
      fee: moneyString(fee),
      openFee: moneyString(openFeeShare),
      realisedPnl: moneyString(realised),
      proceeds: moneyString(proceeds),
      reason: options.reason,
      fillReason: options.fillReason(price, side),
      closedAt: options.now,
    })
    .returning();
  if (!close) throw new Error('insert returned no close');
  const { userId, currency } = row;
  await book.post({ kind: 'trade_close', reference: `close:${close.id}`, userId }, [
    { platform: 'trading', currency, amount: gross.neg() },
    { platform: 'fees', currency, amount: fee },
    { userId, bucket: 'available', currency, amount: proceeds },
  ]);
  await sendNotice(book, {
    userId,
    kind: 'positionClosed',
    // The side of the position closed: sold to close a long, bought to cover a short.
    params: {
      quantity,
      symbol: row.symbol,
      price: moneyString(price),
      pnl: moneyString(realised),
      currency,
      direction: row.direction,
    },
    reference: `position:${row.id}`,
  });
  book.emit('orders', {
    userId,
    kind: 'close',
    orderId: row.orderId,
    positionId: row.id,
    status: position.status,
    symbol: row.symbol,
  });
  return { position, close };
}

async function closingFee(trade: TradeService, book: Book, row: PositionRow, notional: Money) {
  const fees = await trade.feeRow(row.market, book.tx);
  const vip = await trade.vipLevel(row.userId, book.tx);
  return feeOf(fees, vip, notional).fee;
}

export async function close(
  trade: TradeService,
  userId: number,
  body: { positionId: number; quantity?: number },
  lang: LanguageKey,
  claim?: IdempotencyClaim,
) {
  const [owned] = await trade.db
    .select({ symbol: tradePositions.symbol })
    .from(tradePositions)
    .where(and(eq(tradePositions.id, body.positionId), eq(tradePositions.userId, userId)));
  if (!owned) throw new AppError('TRADE_POSITION_NOT_FOUND');
  const instrument = trade.instrument(owned.symbol);
  const quoted = trade.quoted(instrument);
  const now = trade.now();
  return trade.deps.ledger.transaction(async (book) => {
    const result = await closeIn(trade, book, body.positionId, {
      userId,
      quantity: body.quantity,
      reason: closeReasons.member,
      quoted,
      instrument,
      now,
      fillReason: (price, side) => ({
        key: fillReasons.closeMember,
        params: { price: formatPx(instrument, price), side },
      }),
    });
    if (!result) throw new AppError('TRADE_POSITION_CLOSED');
    book.afterCommit(() => trade.notify(null, result.position));
    const [position] = await positionViews(trade, [result.position], book.tx);
    if (!position) throw new Error('no view of the position');
    return { position, close: closeView(trade, result.close, result.position, lang) };
  }, claim);
}
