import {
  blockOrderQuantity,
  directions,
  type LanguageKey,
  type OrderInput,
  orderStatuses,
  orderTypes,
  positionStatuses,
  timeInForce,
  waitingFor,
} from '@soar/contract';
import { and, eq } from 'drizzle-orm';
import { type FillReasonRecord, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { IdempotencyClaim } from '../ledger/idempotency.ts';
import type { Book, PlatformAccount } from '../ledger/ledger.ts';
import { assertTradable } from '../market/admin.ts';
import { verifyPayPassword } from '../member/pay-password.ts';
import { sendNotice } from '../notice/send.ts';
import { type FeeRow, feeOf } from './pricing.ts';
import { freezeOf, immediateFill, validate } from './rules.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';
import { orderView } from './views.ts';

export async function place(
  trade: TradeService,
  userId: number,
  body: OrderInput & { payPassword?: string },
  lang: LanguageKey,
  claim?: IdempotencyClaim,
) {
  const { payPassword, ...input } = body;
  const instrument = trade.instrument(input.symbol);
  const quoted = trade.quoted(instrument);
  validate(input, instrument, quoted);
  const block = input.quantity >= blockOrderQuantity;
  if (block) await verifyPayPassword(trade.db, userId, payPassword ?? '');
  const now = trade.now();
  const session = trade.session(instrument, now);
  const fees = await trade.feeRow(instrument.market);
  const vip = await trade.vipLevel(userId);
  const atOnce = immediateFill(input, instrument, quoted, session.state === 'open');
  const currency = instrument.currency;
  const tif = input.timeInForce ?? 'gtc';

  const result = await trade.deps.ledger.transaction(async (book) => {
    // Inside the order's transaction: a suspension committed before it is never missed.
    await assertTradable(book.tx, instrument.symbol);
    const base = {
      userId,
      symbol: instrument.symbol,
      market: instrument.market,
      currency,
      type: input.type,
      direction: input.direction,
      quantity: input.quantity,
      limitPrice: input.limitPrice ?? null,
      stopPrice: input.stopPrice ?? null,
      trailAmount: input.trailAmount ?? null,
      trailPercent: input.trailPercent ?? null,
      trailBest: input.type === orderTypes.trailingStop ? moneyString(quoted.last) : null,
      timeInForce: tif,
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
      block,
      expiresAt: tif === 'day' ? trade.expiryOf(instrument, now) : null,
      createdAt: now,
    };
    if (atOnce) {
      const [order] = await book.tx
        .insert(tradeOrders)
        .values({ ...base, status: orderStatuses.pending, waitingFor: waitingFor.price })
        .returning();
      if (!order) throw new Error('insert returned no order');
      return fill(trade, book, order, instrument, atOnce.price, atOnce.reason, now, fees, vip);
    }
    const frozen = freezeOf(input, quoted, fees, vip);
    const waiting = block ? waitingFor.review : session.state === 'open' ? waitingFor.price : waitingFor.session;
    const [order] = await book.tx
      .insert(tradeOrders)
      .values({ ...base, status: orderStatuses.pending, waitingFor: waiting, frozen: moneyString(frozen) })
      .returning();
    if (!order) throw new Error('insert returned no order');
    const available = await trade.available(userId, currency, book.tx);
    if (available.lt(frozen)) {
      throw new AppError('TRADE_INSUFFICIENT_FUNDS', undefined, {
        needed: moneyString(frozen),
        available: moneyString(available),
        currency,
      });
    }
    await book.post({ kind: 'trade_freeze', reference: `order:${order.id}`, userId }, [
      { userId, bucket: 'available', currency, amount: frozen.neg() },
      { userId, bucket: 'frozen', currency, amount: frozen },
    ]);
    book.emit('orders', {
      userId,
      kind: 'order',
      orderId: order.id,
      positionId: null,
      status: order.status,
      symbol: order.symbol,
    });
    return { order, position: null as PositionRow | null };
  }, claim);
  trade.notify(result.order, result.position);
  return orderView(trade, result.order, lang);
}

/**
 * Fills a pending order inside `book`'s transaction: the guarded `UPDATE` moves it from
 * `pending` first (a racing cancel or second trigger finds nothing and moves nothing), then ONE
 * ledger entry opens the position: frozen funds (if any) released, the notional to `trading`,
 * the fee to `fees`.
 */
export async function fill(
  trade: TradeService,
  book: Book,
  pending: OrderRow,
  instrument: Instrument,
  price: Money,
  reason: FillReasonRecord,
  now: Date,
  fees?: FeeRow,
  vipLevel?: number,
): Promise<{ order: OrderRow; position: PositionRow | null }> {
  const schedule = fees ?? (await trade.feeRow(pending.market, book.tx));
  const vip = vipLevel ?? (await trade.vipLevel(pending.userId, book.tx));
  const notional = price.mul(pending.quantity);
  const fee = feeOf(schedule, vip, notional).fee;
  const total = notional.add(fee);
  const [order] = await book.tx
    .update(tradeOrders)
    .set({
      status: orderStatuses.filled,
      waitingFor: null,
      frozen: '0',
      fillPrice: moneyString(price),
      fee: moneyString(fee),
      fillReason: reason,
      filledAt: now,
      doneAt: now,
    })
    .where(and(eq(tradeOrders.id, pending.id), eq(tradeOrders.status, orderStatuses.pending)))
    .returning();
  if (!order) return { order: pending, position: null };
  const { userId, currency } = order;
  const frozen = new Money(pending.frozen);
  const available = await trade.available(userId, currency, book.tx);
  if (available.add(frozen).lt(total)) {
    throw new AppError('TRADE_INSUFFICIENT_FUNDS', undefined, {
      needed: moneyString(total),
      available: moneyString(available.add(frozen)),
      currency,
    });
  }
  const [position] = await book.tx
    .insert(tradePositions)
    .values({
      userId,
      orderId: order.id,
      symbol: order.symbol,
      market: order.market,
      currency,
      direction: order.direction,
      lotSize: instrument.lotSize,
      quantity: order.quantity,
      openedQuantity: order.quantity,
      openPrice: moneyString(price),
      openFee: moneyString(fee),
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      status: positionStatuses.open,
      openedAt: now,
    })
    .returning();
  if (!position) throw new Error('insert returned no position');
  const [linked] = await book.tx
    .update(tradeOrders)
    .set({ positionId: position.id })
    .where(eq(tradeOrders.id, order.id))
    .returning();
  const lines = frozen.isZero()
    ? [{ userId, bucket: 'available' as const, currency, amount: total.neg() }]
    : [
        { userId, bucket: 'frozen' as const, currency, amount: frozen.neg() },
        { userId, bucket: 'available' as const, currency, amount: frozen.sub(total) },
      ];
  await book.post({ kind: 'trade_open', reference: `order:${order.id}`, userId }, [
    ...lines,
    { platform: 'trading', currency, amount: notional },
    { platform: 'fees', currency, amount: fee },
  ]);
  await sendNotice(book, {
    userId,
    kind: 'orderFilled',
    params: {
      quantity: order.quantity,
      symbol: order.symbol,
      price: moneyString(price),
      fee: moneyString(fee),
      currency,
    },
    reference: `order:${order.id}`,
  });
  book.emit('orders', {
    userId,
    kind: 'order',
    orderId: order.id,
    positionId: position.id,
    status: order.status,
    symbol: order.symbol,
  });
  return { order: linked ?? order, position };
}

/**
 * Opens a long position of shares delivered from elsewhere (an IPO allotment at its listing,
 * docs/ipo.md) inside `book`'s transaction: a filled buy order at `price` with no fee and its
 * position, and ONE ledger entry moving the notional from the platform account that held it to
 * `trading`. The member's balances do not move.
 */
export async function openDelivered(
  book: Book,
  input: {
    userId: number;
    instrument: Instrument;
    quantity: number;
    price: Money;
    fillReason: FillReasonRecord;
    funding: { kind: string; reference: string; from: PlatformAccount };
    now: Date;
  },
) {
  const { userId, instrument, quantity, price, now } = input;
  const [order] = await book.tx
    .insert(tradeOrders)
    .values({
      userId,
      symbol: instrument.symbol,
      market: instrument.market,
      currency: instrument.currency,
      type: orderTypes.market,
      direction: directions.buy,
      quantity,
      timeInForce: timeInForce.gtc,
      status: orderStatuses.filled,
      fillPrice: moneyString(price),
      fee: '0',
      fillReason: input.fillReason,
      createdAt: now,
      filledAt: now,
      doneAt: now,
    })
    .returning();
  if (!order) throw new Error('insert returned no order');
  const [position] = await book.tx
    .insert(tradePositions)
    .values({
      userId,
      orderId: order.id,
      symbol: instrument.symbol,
      market: instrument.market,
      currency: instrument.currency,
      direction: directions.buy,
      lotSize: instrument.lotSize,
      quantity,
      openedQuantity: quantity,
      openPrice: moneyString(price),
      openFee: '0',
      status: positionStatuses.open,
      openedAt: now,
    })
    .returning();
  if (!position) throw new Error('insert returned no position');
  await book.tx.update(tradeOrders).set({ positionId: position.id }).where(eq(tradeOrders.id, order.id));
  const notional = price.mul(quantity);
  await book.post({ kind: input.funding.kind, reference: input.funding.reference, userId }, [
    { platform: input.funding.from, currency: instrument.currency, amount: notional.neg() },
    { platform: 'trading', currency: instrument.currency, amount: notional },
  ]);
  book.emit('orders', {
    userId,
    kind: 'order',
    orderId: order.id,
    positionId: position.id,
    status: order.status,
    symbol: instrument.symbol,
  });
  return { order, position };
}
