import {
  type Direction,
  type LanguageKey,
  type OrderInput,
  orderStatuses,
  orderTypes,
  positionStatuses,
} from '@soar/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Book } from '../ledger/index.ts';
import { checkProtection, checkTicks, freezeOf } from './rules.ts';
import type { OrderRow, TradeService } from './service.ts';
import { orderView, positionViews } from './views.ts';

/** Releases a pending order's frozen funds with its new status (cancelled, expired, refused). */
export async function release(
  _trade: TradeService,
  book: Book,
  where: SQL,
  status: string,
  now: Date,
  extra: Partial<typeof tradeOrders.$inferInsert> = {},
): Promise<OrderRow | undefined> {
  const [before] = await book.tx.select().from(tradeOrders).where(where).for('update');
  if (!before || before.status !== orderStatuses.pending) return undefined;
  const [order] = await book.tx
    .update(tradeOrders)
    .set({ status, waitingFor: null, frozen: '0', doneAt: now, ...extra })
    .where(and(eq(tradeOrders.id, before.id), eq(tradeOrders.status, orderStatuses.pending)))
    .returning();
  if (!order) return undefined;
  const frozen = new Money(before.frozen);
  if (!frozen.isZero()) {
    await book.post({ kind: 'trade_release', reference: `order:${order.id}`, userId: order.userId }, [
      { userId: order.userId, bucket: 'frozen', currency: order.currency, amount: frozen.neg() },
      { userId: order.userId, bucket: 'available', currency: order.currency, amount: frozen },
    ]);
  }
  book.emit('orders', {
    userId: order.userId,
    kind: 'order',
    orderId: order.id,
    positionId: null,
    status: order.status,
    symbol: order.symbol,
  });
  return order;
}

export async function cancel(
  trade: TradeService,
  userId: number,
  id: number,
  lang: LanguageKey,
  claim?: IdempotencyClaim,
) {
  return trade.deps.ledger.transaction(async (book) => {
    const done = await release(
      trade,
      book,
      and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)) as SQL,
      orderStatuses.cancelled,
      trade.now(),
    );
    if (done) {
      book.afterCommit(() => trade.notify(done, null));
      return orderView(trade, done, lang);
    }
    const [row] = await book.tx
      .select({ id: tradeOrders.id })
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)));
    throw new AppError(row ? 'TRADE_ORDER_NOT_PENDING' : 'TRADE_ORDER_NOT_FOUND');
  }, claim);
}

export async function update(
  trade: TradeService,
  userId: number,
  body: {
    orderId?: number;
    positionId?: number;
    limitPrice?: string;
    stopPrice?: string;
    stopLoss?: string | null;
    takeProfit?: string | null;
  },
  lang: LanguageKey,
) {
  if ((body.orderId === undefined) === (body.positionId === undefined)) throw new AppError('TRADE_TARGET_ONE');
  const changes = ['limitPrice', 'stopPrice', 'stopLoss', 'takeProfit'] as const;
  if (!changes.some((field) => body[field] !== undefined)) throw new AppError('TRADE_NOTHING_TO_UPDATE');
  if (body.positionId !== undefined) {
    if (body.limitPrice !== undefined || body.stopPrice !== undefined) {
      throw new AppError('TRADE_ORDER_NOT_EDITABLE');
    }
    const position = await trade.deps.ledger.transaction(async (book) => {
      const [row] = await book.tx
        .select()
        .from(tradePositions)
        .where(and(eq(tradePositions.id, body.positionId as number), eq(tradePositions.userId, userId)))
        .for('update');
      if (!row) throw new AppError('TRADE_POSITION_NOT_FOUND');
      if (row.status !== positionStatuses.open) throw new AppError('TRADE_POSITION_CLOSED');
      const instrument = trade.instrument(row.symbol);
      const quoted = trade.quoted(instrument);
      const stopLoss = body.stopLoss === undefined ? row.stopLoss : body.stopLoss;
      const takeProfit = body.takeProfit === undefined ? row.takeProfit : body.takeProfit;
      checkTicks(instrument, quoted, body);
      checkProtection(row.direction, quoted.last, body.stopLoss, body.takeProfit);
      const [updated] = await book.tx
        .update(tradePositions)
        .set({ stopLoss, takeProfit })
        .where(eq(tradePositions.id, row.id))
        .returning();
      if (!updated) throw new Error('update returned no position');
      book.emit('orders', {
        userId,
        kind: 'position',
        orderId: null,
        positionId: row.id,
        status: updated.status,
        symbol: row.symbol,
      });
      return updated;
    });
    trade.notify(null, position);
    return { order: null, position: (await positionViews(trade, [position]))[0] ?? null };
  }
  const order = await trade.deps.ledger.transaction(async (book) => {
    const [row] = await book.tx
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, body.orderId as number), eq(tradeOrders.userId, userId)))
      .for('update');
    if (!row) throw new AppError('TRADE_ORDER_NOT_FOUND');
    if (row.status !== orderStatuses.pending) throw new AppError('TRADE_ORDER_NOT_PENDING');
    const hasLimit = row.type === orderTypes.limit || row.type === orderTypes.stopLimit;
    const hasStop = row.type === orderTypes.stop || row.type === orderTypes.stopLimit;
    // An order from a block offer waits at its block price and frozen amount (docs/blocktrade.md): not amended.
    if (row.blockOfferId !== null) throw new AppError('TRADE_ORDER_NOT_EDITABLE');
    if ((body.limitPrice !== undefined && !hasLimit) || (body.stopPrice !== undefined && !hasStop)) {
      throw new AppError('TRADE_ORDER_NOT_EDITABLE');
    }
    const instrument = trade.instrument(row.symbol);
    const quoted = trade.quoted(instrument);
    const next = {
      limitPrice: body.limitPrice ?? row.limitPrice,
      stopPrice: body.stopPrice ?? row.stopPrice,
      stopLoss: body.stopLoss === undefined ? row.stopLoss : body.stopLoss,
      takeProfit: body.takeProfit === undefined ? row.takeProfit : body.takeProfit,
    };
    checkTicks(instrument, quoted, body);
    const reference = new Money(next.limitPrice ?? next.stopPrice ?? quoted.last);
    checkProtection(row.direction, reference, next.stopLoss, next.takeProfit);
    const fees = await trade.feeRow(row.market, book.tx);
    const vip = await trade.vipLevel(userId, book.tx);
    const frozen = freezeOf(
      {
        type: row.type as OrderInput['type'],
        direction: row.direction as Direction,
        quantity: row.quantity,
        limitPrice: next.limitPrice ?? undefined,
        stopPrice: next.stopPrice ?? undefined,
      },
      quoted,
      fees,
      vip,
    );
    const delta = frozen.sub(row.frozen);
    if (!delta.isZero()) {
      const available = await trade.available(userId, row.currency, book.tx);
      if (available.lt(delta)) {
        throw new AppError('TRADE_INSUFFICIENT_FUNDS', undefined, {
          needed: moneyString(delta),
          available: moneyString(available),
          currency: row.currency,
        });
      }
      await book.post({ kind: 'trade_refreeze', reference: `order:${row.id}`, userId }, [
        { userId, bucket: 'available', currency: row.currency, amount: delta.neg() },
        { userId, bucket: 'frozen', currency: row.currency, amount: delta },
      ]);
    }
    const [updated] = await book.tx
      .update(tradeOrders)
      .set({ ...next, frozen: moneyString(frozen) })
      .where(eq(tradeOrders.id, row.id))
      .returning();
    if (!updated) throw new Error('update returned no order');
    book.emit('orders', {
      userId,
      kind: 'order',
      orderId: row.id,
      positionId: null,
      status: updated.status,
      symbol: row.symbol,
    });
    return updated;
  });
  trade.notify(order, null);
  return { order: orderView(trade, order, lang), position: null };
}
