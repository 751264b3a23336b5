import { orderStatuses, positionStatuses } from '@soar/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { type FillReasonRecord, notices, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import type { Instrument } from '../../market/instrument.ts';
import { type BatchEntry, postMany } from '../ledger/batch.ts';
import type { Book } from '../ledger/ledger.ts';
import { emitFilled, filledParams, openingEntry } from './placement.ts';
import { feeOf } from './pricing.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';

/** An order that fills now: at which price and why. */
export type Execution = { order: OrderRow; instrument: Instrument; price: Money; reason: FillReasonRecord };

/**
 * Fills many pending orders inside `book`'s transaction with a handful of statements, each order
 * exactly as `fill` (placement.ts) would: one guarded update moves every order still `pending`
 * (one a racing cancel moved first is left out, as `fill` leaves it), one insert opens their
 * positions, `postMany` writes one `trade_open` entry per order, one insert stores their
 * `orderFilled` notices. Throws `BatchRefused` (ledger/batch.ts) when a member's balance cannot
 * cover their fills: the caller rolls back and fills that member's orders one by one.
 */
export async function fillMany(
  trade: TradeService,
  book: Book,
  executions: Execution[],
  now: Date,
  vips: Map<number, number>,
): Promise<{ order: OrderRow; position: PositionRow | null }[]> {
  const at = now.toISOString();
  const fills: { id: number; price: string; fee: string; reason: FillReasonRecord }[] = [];
  for (const { order, price, reason } of executions) {
    const schedule = await trade.feeRow(order.market, book.tx);
    const notional = price.mul(order.quantity);
    const fee = feeOf(schedule, vips.get(order.userId) ?? 0, notional).fee;
    fills.push({ id: order.id, price: moneyString(price), fee: moneyString(fee), reason });
  }
  // The guarded update: only orders still pending move (and take their position's id).
  const moved = await queryRows<{ id: number; position_id: number }>(
    book.tx,
    sql`update ${tradeOrders} set status = ${orderStatuses.filled}, waiting_for = null, frozen = 0,
          fill_price = f.price, fee = f.fee, fill_reason = f.reason, filled_at = ${at}::timestamptz,
          done_at = ${at}::timestamptz, position_id = nextval(pg_get_serial_sequence('trade_positions', 'id'))
        from jsonb_to_recordset(${JSON.stringify(fills.map(({ id, price, fee, reason }) => ({ id, price, fee, reason })))}::jsonb)
          as f(id integer, price numeric, fee numeric, reason jsonb)
        where ${tradeOrders.id} = f.id and ${tradeOrders.status} = ${orderStatuses.pending}
        returning ${tradeOrders.id} as id, ${tradeOrders.positionId} as position_id`,
  );
  const positionIds = new Map(moved.map((row) => [row.id, row.position_id]));
  const results: { order: OrderRow; position: PositionRow | null }[] = [];
  const filled: { order: OrderRow; position: PositionRow; pending: OrderRow }[] = [];
  executions.forEach(({ order: pending, instrument }, index) => {
    const positionId = positionIds.get(pending.id);
    const fill = fills[index];
    if (positionId === undefined || !fill) {
      results.push({ order: pending, position: null });
      return;
    }
    const order: OrderRow = {
      ...pending,
      status: orderStatuses.filled,
      waitingFor: null,
      frozen: '0',
      fillPrice: fill.price,
      fee: fill.fee,
      fillReason: fill.reason,
      filledAt: now,
      doneAt: now,
      positionId,
    };
    const position: PositionRow = {
      id: positionId,
      userId: order.userId,
      orderId: order.id,
      symbol: order.symbol,
      market: order.market,
      currency: order.currency,
      direction: order.direction,
      lotSize: instrument.lotSize,
      quantity: order.quantity,
      openedQuantity: order.quantity,
      openPrice: fill.price,
      openFee: fill.fee,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      status: positionStatuses.open,
      closeReason: null,
      realisedPnl: '0',
      closedQuantity: 0,
      openedAt: now,
      closedAt: null,
    };
    results.push({ order, position });
    filled.push({ order, position, pending });
  });
  if (filled.length === 0) return results;

  await book.tx.execute(
    sql`insert into ${tradePositions} (id, user_id, order_id, symbol, market, currency, direction, lot_size,
          quantity, opened_quantity, open_price, open_fee, stop_loss, take_profit, status, created_at)
        select p.id, p."userId", p."orderId", p.symbol, p.market, p.currency, p.direction, p."lotSize",
          p.quantity, p."openedQuantity", p."openPrice", p."openFee", p."stopLoss", p."takeProfit", p.status,
          ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(filled.map(({ position }) => position))}::jsonb)
          as p(id integer, "userId" integer, "orderId" integer, symbol text, market text, currency text,
            direction text, "lotSize" integer, quantity integer, "openedQuantity" integer, "openPrice" numeric,
            "openFee" numeric, "stopLoss" numeric, "takeProfit" numeric, status text)
        order by p.id`,
  );

  // As `open`: one `trade_open` entry per order.
  const entries: BatchEntry[] = filled.map(({ order, pending }) => {
    const [header, postings] = openingEntry(order, new Money(pending.frozen));
    return { header, postings };
  });
  await postMany(book, entries);

  const stored = await queryRows<{ id: number; reference: string }>(
    book.tx,
    sql`insert into ${notices} (user_id, kind, params, reference)
        select n."userId", 'orderFilled', n.params, n.reference
        from jsonb_to_recordset(${JSON.stringify(
          filled.map(({ order }, index) => ({
            at: index,
            userId: order.userId,
            reference: `order:${order.id}`,
            params: filledParams(order),
          })),
        )}::jsonb) as n(at integer, "userId" integer, reference text, params jsonb)
        order by n.at
        returning id, reference`,
  );
  const noticeIds = new Map(stored.map((row) => [row.reference, row.id]));
  for (const { order, position } of filled) {
    const noticeId = noticeIds.get(`order:${order.id}`);
    if (noticeId === undefined) throw new Error('a fill without its notice');
    book.emit('notice', { userId: order.userId, id: noticeId });
    emitFilled(book, order, position);
  }
  return results;
}
