import {
  type BlockOfferStatus,
  type BlockOrderStatus,
  blockOfferStatuses,
  blockOrderStatuses,
  directions,
  orderStatuses,
  orderTypes,
  waitingFor,
} from '@soar/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { blocktradeOffers, tradeOrders } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { type Instrument, tickSize } from '../../market/instrument.ts';
import type { Ledger } from '../ledger/index.ts';
import { assertTradable } from '../market/index.ts';
import type { OrderRow, TradeService } from '../trade/index.ts';
import { feeOf, formatPx } from '../trade/index.ts';

export type OfferRow = typeof blocktradeOffers.$inferSelect;
export type BlocktradeDeps = { db: Database; ledger: Ledger; trade: TradeService };

/** Orders that hold part of an offer's maximum: waiting for review or passed. */
const holding = [orderStatuses.pending, orderStatuses.filled];

/** Where an offer stands at `now` (docs/blocktrade.md): an operator's close or the end of its window closes it. */
export function offerStatus(offer: OfferRow, now: Date): BlockOfferStatus {
  if (offer.closedAt || now >= offer.closesAt) return blockOfferStatuses.closed;
  if (now < offer.opensAt) return blockOfferStatuses.scheduled;
  return blockOfferStatuses.open;
}

/** SQL rank of the status for ordering the list: open, scheduled, closed. */
function statusRank(now: Date): SQL<number> {
  return sql<number>`case when ${blocktradeOffers.closedAt} is not null or ${blocktradeOffers.closesAt} <= ${now} then 2 when ${blocktradeOffers.opensAt} > ${now} then 1 else 0 end`;
}
const rankOf: Record<BlockOfferStatus, number> = { open: 0, scheduled: 1, closed: 2 };

/** The block price now: the fixed price, or the last price less the discount, down to the tick. */
export function blockPriceOf(offer: Pick<OfferRow, 'price' | 'discount'>, instrument: Instrument, last: Money | null) {
  if (offer.price !== null) return new Money(offer.price);
  if (last === null || offer.discount === null) return null;
  const raw = last.mul(new Money(1).sub(offer.discount));
  const tick = new Money(tickSize(instrument, raw.toNumber()));
  return Money.max(tick, raw.div(tick).floor().mul(tick));
}

/** A trade order's place in the product's block order labels. */
function blockOrderStatus(row: OrderRow): BlockOrderStatus {
  if (row.status === orderStatuses.pending) return blockOrderStatuses.pending;
  if (row.status === orderStatuses.filled) return blockOrderStatuses.passed;
  if (row.status === orderStatuses.refused) return blockOrderStatuses.refused;
  return blockOrderStatuses.cancelled;
}

/** Block offers for members and visitors, and ordering from them (docs/blocktrade.md). */
export class BlocktradeService {
  constructor(private readonly deps: BlocktradeDeps) {}

  get db() {
    return this.deps.db;
  }

  now(): Date {
    return this.deps.trade.now();
  }

  instrument(symbol: string): Instrument {
    return this.deps.trade.instrument(symbol);
  }

  lastPrice(instrument: Instrument): Money | null {
    return this.deps.trade.maybeQuoted(instrument.symbol)?.quoted.last ?? null;
  }

  /** Shares held per offer by orders pending review or passed. */
  async ordered(offerIds: number[], db: Database | Transaction = this.db) {
    if (offerIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({
        offerId: tradeOrders.blockOfferId,
        quantity: sql<number>`coalesce(sum(${tradeOrders.quantity}), 0)::int`,
      })
      .from(tradeOrders)
      .where(and(inArray(tradeOrders.blockOfferId, offerIds), inArray(tradeOrders.status, holding)))
      .groupBy(tradeOrders.blockOfferId);
    return new Map(rows.map((row) => [row.offerId as number, row.quantity]));
  }

  view(offer: OfferRow, ordered: number, now = this.now()) {
    const instrument = this.deps.trade.maybeQuoted(offer.symbol)?.instrument ?? this.instrument(offer.symbol);
    const last = this.lastPrice(instrument);
    const price = blockPriceOf(offer, instrument, last);
    return {
      id: offer.id,
      symbol: offer.symbol,
      name: instrument.name,
      market: offer.market,
      currency: offer.currency,
      lotSize: instrument.lotSize,
      price: offer.price === null ? null : moneyString(offer.price),
      discount: offer.discount === null ? null : moneyString(offer.discount),
      lastPrice: last === null ? null : formatPx(instrument, last),
      blockPrice: price === null ? null : moneyString(price),
      discountToLast:
        price === null || last === null || last.isZero()
          ? null
          : moneyString(new Money(1).sub(price.div(last)).toDecimalPlaces(4)),
      minQuantity: offer.minQuantity,
      maxQuantity: offer.maxQuantity,
      orderedQuantity: ordered,
      remainingQuantity: Math.max(0, offer.maxQuantity - ordered),
      opensAt: offer.opensAt.toISOString(),
      closesAt: offer.closesAt.toISOString(),
      status: offerStatus(offer, now),
    };
  }

  async views(rows: OfferRow[], db: Database | Transaction = this.db) {
    const ordered = await this.ordered(
      rows.map((row) => row.id),
      db,
    );
    const now = this.now();
    return rows.map((row) => this.view(row, ordered.get(row.id) ?? 0, now));
  }

  /** Open first, then scheduled and closed; within each by the window. */
  async list(query: PageQuery & { status?: BlockOfferStatus }) {
    const rank = statusRank(this.now());
    const where = query.status ? sql`${rank} = ${rankOf[query.status]}` : undefined;
    const page = await paginate(
      query,
      this.db
        .select()
        .from(blocktradeOffers)
        .where(where)
        .orderBy(rank, asc(blocktradeOffers.closesAt), asc(blocktradeOffers.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(blocktradeOffers).where(where),
      (row) => row,
    );
    return { ...page, list: await this.views(page.list) };
  }

  async offer(id: number, db: Database | Transaction = this.db): Promise<OfferRow> {
    const [row] = await db.select().from(blocktradeOffers).where(eq(blocktradeOffers.id, id));
    if (!row) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
    return row;
  }

  async detail(id: number) {
    const [view] = await this.views([await this.offer(id)]);
    if (!view) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
    return view;
  }

  /** Window, minimum, board lot and remaining maximum (docs/blocktrade.md, Ordering). */
  private check(offer: OfferRow, instrument: Instrument, quantity: number, ordered: number) {
    if (offerStatus(offer, this.now()) !== blockOfferStatuses.open) throw new AppError('BLOCKTRADE_NOT_OPEN');
    if (quantity < offer.minQuantity) {
      throw new AppError('BLOCKTRADE_QUANTITY_BELOW_MIN', undefined, { min: offer.minQuantity });
    }
    if (quantity % instrument.lotSize !== 0) {
      throw new AppError('TRADE_QUANTITY_LOT', undefined, { lot: instrument.lotSize });
    }
    const remaining = Math.max(0, offer.maxQuantity - ordered);
    if (quantity > remaining) throw new AppError('BLOCKTRADE_QUANTITY_ABOVE_REMAINING', undefined, { remaining });
  }

  /** Price x quantity + the trade fee (the member's VIP level counted), as the review will charge it. */
  private async cost(offer: OfferRow, instrument: Instrument, userId: number, quantity: number, db?: Transaction) {
    const price = blockPriceOf(offer, instrument, this.lastPrice(instrument));
    if (price === null) throw new AppError('TRADE_NO_PRICE');
    const schedule = await this.deps.trade.feeRow(offer.market, db);
    const vip = await this.deps.trade.vipLevel(userId, db);
    const notional = price.mul(quantity);
    const fee = feeOf(schedule, vip, notional).fee;
    return { price, notional, fee, total: notional.add(fee) };
  }

  async preview(userId: number, query: { offerId: number; quantity: number }) {
    const offer = await this.offer(query.offerId);
    const instrument = this.instrument(offer.symbol);
    const ordered = (await this.ordered([offer.id])).get(offer.id) ?? 0;
    this.check(offer, instrument, query.quantity, ordered);
    const { price, notional, fee, total } = await this.cost(offer, instrument, userId, query.quantity);
    const available = await this.deps.trade.available(userId, offer.currency);
    return {
      offerId: offer.id,
      symbol: offer.symbol,
      currency: offer.currency,
      quantity: query.quantity,
      price: moneyString(price),
      notional: moneyString(notional),
      fee: moneyString(fee),
      total: moneyString(total),
      available: moneyString(available),
      availableAfter: moneyString(available.sub(total)),
    };
  }

  /**
   * An order from an offer: after the pay password, ONE ledger transaction locks the offer row
   * (two orders racing for its remaining maximum queue here), checks the window, minimum, lot and
   * what is left, inserts a buy block order waiting for review at the block price, and freezes
   * price x quantity + fee (`trade_freeze`). The operator's review in the trade module fills it
   * at that price or returns the funds.
   */
  async order(
    userId: number,
    body: { offerId: number; quantity: number; payPassword: string },
    claim?: IdempotencyClaim,
  ) {
    const found = await this.offer(body.offerId);
    const instrument = this.instrument(found.symbol);
    this.check(found, instrument, body.quantity, 0);
    await verifyPayPassword(this.db, userId, body.payPassword);
    const now = this.now();
    return this.deps.ledger.transaction(async (book) => {
      const [offer] = await book.tx
        .select()
        .from(blocktradeOffers)
        .where(eq(blocktradeOffers.id, body.offerId))
        .for('update');
      if (!offer) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
      await assertTradable(book.tx, offer.symbol);
      const ordered = (await this.ordered([offer.id], book.tx)).get(offer.id) ?? 0;
      this.check(offer, instrument, body.quantity, ordered);
      const { price, total } = await this.cost(offer, instrument, userId, body.quantity, book.tx);
      const [row] = await book.tx
        .insert(tradeOrders)
        .values({
          userId,
          symbol: offer.symbol,
          market: offer.market,
          currency: offer.currency,
          type: orderTypes.limit,
          direction: directions.buy,
          quantity: body.quantity,
          limitPrice: moneyString(price),
          timeInForce: 'gtc',
          status: orderStatuses.pending,
          waitingFor: waitingFor.review,
          block: true,
          blockOfferId: offer.id,
          frozen: moneyString(total),
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no order');
      const available = await this.deps.trade.available(userId, offer.currency, book.tx);
      if (available.lt(total)) {
        throw new AppError('TRADE_INSUFFICIENT_FUNDS', undefined, {
          needed: moneyString(total),
          available: moneyString(available),
          currency: offer.currency,
        });
      }
      await book.post({ kind: 'trade_freeze', reference: `order:${row.id}`, userId }, [
        { userId, bucket: 'available', currency: offer.currency, amount: total.neg() },
        { userId, bucket: 'frozen', currency: offer.currency, amount: total },
      ]);
      book.emit('orders', {
        userId,
        kind: 'order',
        orderId: row.id,
        positionId: null,
        status: row.status,
        symbol: row.symbol,
      });
      return this.orderView(row);
    }, claim);
  }

  orderView(row: OrderRow) {
    const instrument = this.deps.trade.maybeQuoted(row.symbol)?.instrument;
    const pending = row.status === orderStatuses.pending;
    const price = row.fillPrice ?? (row.blockOfferId === null ? null : row.limitPrice);
    const notional = price === null ? null : new Money(price).mul(row.quantity);
    const fee =
      row.fee !== null ? new Money(row.fee) : pending && notional ? new Money(row.frozen).sub(notional) : null;
    return {
      id: row.id,
      offerId: row.blockOfferId,
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      market: row.market,
      currency: row.currency,
      quantity: row.quantity,
      price: price === null ? null : moneyString(price),
      fee: fee === null ? null : moneyString(fee),
      total: notional === null || fee === null ? null : moneyString(notional.add(fee)),
      frozen: moneyString(row.frozen),
      status: blockOrderStatus(row),
      refuseReason: row.refuseReason,
      positionId: row.positionId,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }

  /** My block orders (from offers and from the ticket), newest first. */
  async orders(userId: number, query: PageQuery & { status?: BlockOrderStatus }) {
    const statuses: Record<BlockOrderStatus, string[]> = {
      pending: [orderStatuses.pending],
      passed: [orderStatuses.filled],
      refused: [orderStatuses.refused],
      cancelled: [orderStatuses.cancelled, orderStatuses.expired],
    };
    const where = and(
      eq(tradeOrders.userId, userId),
      eq(tradeOrders.block, true),
      query.status ? inArray(tradeOrders.status, statuses[query.status]) : undefined,
    );
    return paginate(
      query,
      this.db.select().from(tradeOrders).where(where).orderBy(desc(tradeOrders.id)).$dynamic(),
      this.db.select({ total: count() }).from(tradeOrders).where(where),
      (row) => this.orderView(row),
    );
  }
}
