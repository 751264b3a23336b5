import {
  closeReasons,
  type Direction,
  directions,
  fillReasons,
  type HoldingCloseBody,
  type LanguageKey,
  positionStatuses,
} from '@soar/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { closeIn } from './closing.ts';
import { feeOf, formatPx, pnlOf, priceOn } from './pricing.ts';
import type { PositionRow, TradeService } from './service.ts';
import { closeView, positionViews } from './views.ts';

/**
 * Selling what a member holds (docs/trading.md, Selling what you hold): a Sell on a symbol held
 * long closes the longs, a Buy to cover the shorts, oldest position first. It is one order to the
 * member, so it pays one closing fee, shared among the positions it closes by their quantities.
 */
async function plan(
  trade: TradeService,
  db: Database | Transaction,
  userId: number,
  body: HoldingCloseBody,
  lock: boolean,
) {
  const instrument = trade.instrument(body.symbol);
  const quoted = trade.quoted(instrument);
  const query = db
    .select()
    .from(tradePositions)
    .where(
      and(
        eq(tradePositions.userId, userId),
        eq(tradePositions.symbol, instrument.symbol),
        eq(tradePositions.direction, body.direction),
        eq(tradePositions.status, positionStatuses.open),
      ),
    )
    .orderBy(asc(tradePositions.openedAt), asc(tradePositions.id));
  const rows: PositionRow[] = lock ? await query.for('update') : await query;
  const held = rows.reduce((sum, row) => sum + row.quantity, 0);
  if (held === 0) throw new AppError('TRADE_NOTHING_TO_CLOSE', undefined, { symbol: instrument.symbol });
  const quantity = body.quantity ?? held;
  if (quantity > held || quantity % instrument.lotSize !== 0) {
    throw new AppError('TRADE_CLOSE_QUANTITY', undefined, { lot: instrument.lotSize, open: held });
  }
  const direction = body.direction as Direction;
  const side = direction === directions.buy ? 'bid' : 'ask';
  const price = priceOn(side, quoted);
  const schedule = await trade.feeRow(instrument.market, db);
  const fee = feeOf(schedule, await trade.vipLevel(userId, db), price.mul(quantity));

  // Oldest first; the fee shared by quantity in minor units, the last part taking what rounding left.
  const parts: { row: PositionRow; quantity: number; fee: Money; cost: Money; proceeds: Money }[] = [];
  let left = quantity;
  let feeLeft = fee.fee;
  for (const row of rows) {
    if (left === 0) break;
    const take = Math.min(left, row.quantity);
    left -= take;
    const share =
      left === 0
        ? feeLeft
        : fee.fee
            .mul(take)
            .div(quantity)
            .toDecimalPlaces(schedule.decimals ?? 2, Money.ROUND_DOWN);
    feeLeft = feeLeft.sub(share);
    const cost = new Money(row.openPrice).mul(take);
    const gross = Money.max(0, cost.add(pnlOf(direction, row.openPrice, price, take)));
    const partFee = Money.min(gross, share);
    parts.push({ row, quantity: take, fee: partFee, cost, proceeds: gross.sub(partFee) });
  }
  return { instrument, quoted, held, quantity, side, price, fee, parts } as const;
}

export async function closeHoldingPreview(trade: TradeService, userId: number, body: HoldingCloseBody) {
  const planned = await plan(trade, trade.db, userId, body, false);
  const { instrument, price, fee, parts } = planned;
  const cost = Money.sum(...parts.map((part) => part.cost));
  const proceeds = Money.sum(...parts.map((part) => part.proceeds));
  const session = trade.session(instrument);
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    market: instrument.market,
    currency: instrument.currency,
    direction: body.direction,
    lotSize: instrument.lotSize,
    held: planned.held,
    quantity: planned.quantity,
    price: moneyString(price),
    notional: moneyString(price.mul(planned.quantity)),
    fee: moneyString(Money.sum(...parts.map((part) => part.fee))),
    feeBreakdown: fee.breakdown,
    cost: moneyString(cost),
    proceeds: moneyString(proceeds),
    realisedPnl: moneyString(proceeds.sub(cost)),
    parts: parts.map((part) => ({
      positionId: part.row.id,
      quantity: part.quantity,
      openPrice: moneyString(part.row.openPrice),
    })),
    session: {
      market: session.market,
      timezone: session.timezone,
      state: session.state,
      alwaysOpen: session.alwaysOpen,
      nextOpen: session.nextOpen,
      nextClose: session.nextClose,
    },
  };
}

/** Closes the parts in ONE transaction: the positions are locked first, so a racing close finds them gone. */
export async function closeHolding(
  trade: TradeService,
  userId: number,
  body: HoldingCloseBody,
  lang: LanguageKey,
  claim?: IdempotencyClaim,
) {
  const now = trade.now();
  return trade.deps.ledger.transaction(async (book) => {
    const { instrument, quoted, parts } = await plan(trade, book.tx, userId, body, true);
    const results: NonNullable<Awaited<ReturnType<typeof closeIn>>>[] = [];
    for (const part of parts) {
      const result = await closeIn(trade, book, part.row.id, {
        userId,
        quantity: part.quantity,
        reason: closeReasons.member,
        quoted,
        instrument,
        now,
        fee: part.fee,
        fillReason: (price, side) => ({
          key: fillReasons.closeMember,
          params: { price: formatPx(instrument, price), side },
        }),
      });
      if (!result) throw new AppError('TRADE_POSITION_CLOSED');
      results.push(result);
    }
    book.afterCommit(() => {
      for (const result of results) trade.notify(null, result.position);
    });
    const positions = await positionViews(
      trade,
      results.map((result) => result.position),
      book.tx,
    );
    const proceeds = Money.sum(...results.map((result) => result.close.proceeds));
    const realised = Money.sum(...results.map((result) => result.close.realisedPnl));
    return {
      positions,
      closes: results.map((result) => closeView(trade, result.close, result.position, lang)),
      realisedPnl: moneyString(realised),
      proceeds: moneyString(proceeds),
    };
  }, claim);
}
