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
import { and, eq, sql } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import { queryRows } from '../../db/client.ts';
import { type FillReasonRecord, instruments, tradeOrders, tradePositions, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { Book, EntryHeader, PlatformAccount, Posting } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { writeFilled } from './filled-at-once.ts';
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
  const atOnce = immediateFill(input, instrument, quoted, session.state === 'open');
  const currency = instrument.currency;
  const tif = input.timeInForce ?? 'gtc';

  // The answer is the order's view, made in the transaction: a replay with the same key gets it back.
  return trade.deps.ledger.transaction(async (book) => {
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
      // Filled as it is written: no pending row exists for anything to race with.
      const { order, position, noticeId } = await writeFilled(book, base, instrument, atOnce, fees, now);
      await postCovered(trade, book, ...openingEntry(order, new Money(0)));
      book.emit('notice', { userId, id: noticeId });
      emitFilled(book, order, position);
      book.afterCommit(() => trade.notify(order, position));
      return orderView(trade, order, lang);
    }
    const vip = await orderContext(book, instrument.symbol, userId);
    const frozen = freezeOf(input, quoted, fees, vip);
    const waiting = block ? waitingFor.review : session.state === 'open' ? waitingFor.price : waitingFor.session;
    const [order] = await book.tx
      .insert(tradeOrders)
      .values({ ...base, status: orderStatuses.pending, waitingFor: waiting, frozen: moneyString(frozen) })
      .returning();
    if (!order) throw new Error('insert returned no order');
    await postCovered(
      trade,
      book,
      { kind: 'trade_freeze', reference: `order:${order.id}`, userId },
      [
        { userId, bucket: 'available', currency, amount: frozen.neg() },
        { userId, bucket: 'frozen', currency, amount: frozen },
      ],
      { userId, currency, needed: frozen, frozen: new Money(0) },
    );
    book.emit('orders', {
      userId,
      kind: 'order',
      orderId: order.id,
      positionId: null,
      status: order.status,
      symbol: order.symbol,
    });
    book.afterCommit(() => trade.notify(order, null));
    return orderView(trade, order, lang);
  }, claim);
}

/** The position's id is taken with its order's row, so the order needs no second update to link it. */
const nextPositionId = sql<number>`nextval('trade_positions_id_seq')`;

function filledFields(price: Money, fee: Money, reason: FillReasonRecord, now: Date) {
  return {
    status: orderStatuses.filled,
    waitingFor: null,
    frozen: '0',
    fillPrice: moneyString(price),
    fee: moneyString(fee),
    fillReason: reason,
    filledAt: now,
    doneAt: now,
  };
}

/**
 * Inside the order's transaction, in one round trip: the suspension check (a suspension committed
 * before it is never missed, as `assertTradable`) and the member's VIP level.
 */
async function orderContext(book: Book, symbol: string, userId: number): Promise<number> {
  const [row] = await queryRows<{ suspended: boolean; vip: number | null }>(
    book.tx,
    sql`select exists (select 1 from ${instruments} where ${instruments.symbol} = ${symbol}
          and ${instruments.suspendedAt} is not null) as suspended,
        (select ${users.vipLevel} from ${users} where ${users.id} = ${userId}) as vip`,
  );
  if (row?.suspended) throw new AppError('INSTRUMENT_SUSPENDED', undefined, { symbol });
  return row?.vip ?? 0;
}

/** What an entry takes from a member: what it needs, and what was frozen for it before. */
type Funds = { userId: number; currency: string; needed: Money; frozen: Money };

/**
 * Posts an entry that takes a member's funds. The ledger's guarded update refuses a short balance
 * by itself; only then is the balance read, to tell the member what was needed and what was there.
 */
async function postCovered(trade: TradeService, book: Book, header: EntryHeader, postings: Posting[], funds: Funds) {
  try {
    await book.post(header, postings);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_BALANCE') throw error;
    const available = await trade.available(funds.userId, funds.currency, book.tx);
    throw new AppError('TRADE_INSUFFICIENT_FUNDS', undefined, {
      needed: moneyString(funds.needed),
      available: moneyString(available.add(funds.frozen)),
      currency: funds.currency,
    });
  }
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
  const fee = feeOf(schedule, vip, price.mul(pending.quantity)).fee;
  const [order] = await book.tx
    .update(tradeOrders)
    .set({ ...filledFields(price, fee, reason, now), positionId: nextPositionId })
    .where(and(eq(tradeOrders.id, pending.id), eq(tradeOrders.status, orderStatuses.pending)))
    .returning();
  if (!order) return { order: pending, position: null };
  return { order, position: await open(trade, book, order, instrument, new Money(pending.frozen), now) };
}

/**
 * Opens the position of an order just filled (at its fill price, with its fee, under the id the
 * order took for it) in ONE ledger entry: `frozen` released, the notional to `trading`, the fee
 * to `fees`, the rest from the member's available balance.
 */
async function open(
  trade: TradeService,
  book: Book,
  order: OrderRow,
  instrument: Instrument,
  frozen: Money,
  now: Date,
): Promise<PositionRow> {
  const { userId, currency } = order;
  const [position] = await book.tx
    .insert(tradePositions)
    .values({
      id: order.positionId ?? undefined,
      userId,
      orderId: order.id,
      symbol: order.symbol,
      market: order.market,
      currency,
      direction: order.direction,
      lotSize: instrument.lotSize,
      quantity: order.quantity,
      openedQuantity: order.quantity,
      openPrice: moneyString(order.fillPrice ?? 0),
      openFee: moneyString(order.fee ?? 0),
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      status: positionStatuses.open,
      openedAt: now,
    })
    .returning();
  if (!position) throw new Error('insert returned no position');
  await postCovered(trade, book, ...openingEntry(order, frozen));
  await sendNotice(book, { userId, kind: 'orderFilled', params: filledParams(order), reference: `order:${order.id}` });
  emitFilled(book, order, position);
  return position;
}

/**
 * The ledger entry that opens the position of an order just filled: `frozen` released, the
 * notional to `trading`, the fee to `fees`, the rest from the member's available balance.
 */
export function openingEntry(order: OrderRow, frozen: Money): [EntryHeader, Posting[], Funds] {
  const { userId, currency } = order;
  const notional = new Money(order.fillPrice ?? 0).mul(order.quantity);
  const fee = new Money(order.fee ?? 0);
  const total = notional.add(fee);
  const lines: Posting[] = frozen.isZero()
    ? [{ userId, bucket: 'available', currency, amount: total.neg() }]
    : [
        { userId, bucket: 'frozen', currency, amount: frozen.neg() },
        { userId, bucket: 'available', currency, amount: frozen.sub(total) },
      ];
  return [
    { kind: 'trade_open', reference: `order:${order.id}`, userId },
    [...lines, { platform: 'trading', currency, amount: notional }, { platform: 'fees', currency, amount: fee }],
    { userId, currency, needed: total, frozen },
  ];
}

/** The `orderFilled` notice's texts' parameters. */
export function filledParams(order: OrderRow) {
  return {
    quantity: order.quantity,
    symbol: order.symbol,
    price: moneyString(order.fillPrice ?? 0),
    fee: moneyString(order.fee ?? 0),
    currency: order.currency,
    // The notice names the side: bought, or sold short (notice.orderFilled.<direction>).
    direction: order.direction,
  };
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

/** The `orders` topic hears of a filled order and the position it opened once the fill commits. */
export function emitFilled(book: Book, order: OrderRow, position: PositionRow): void {
  book.emit('orders', {
    userId: order.userId,
    kind: 'order',
    orderId: order.id,
    positionId: position.id,
    status: order.status,
    symbol: order.symbol,
  });
}
