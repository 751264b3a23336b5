import {
  blockOrderQuantity,
  type CloseReason,
  closeReasons,
  type Direction,
  directions,
  type FillReasonKey,
  fillReasons,
  type LanguageKey,
  type OrderInput,
  orderReviewStatuses,
  orderStatuses,
  orderTypes,
  type PositionStatus,
  positionStatuses,
  waitingFor,
} from '@soar/contract';
import { translate } from '@soar/i18n';
import type Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  type FillReasonRecord,
  tradeCloses,
  tradeFeeSchedules,
  tradeOrders,
  tradePositions,
  users,
} from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import type { MarketEngine } from '../../market/engine.ts';
import type { Instrument } from '../../market/instrument.ts';
import { sessionStatus } from '../../market/status.ts';
import { recordAudit } from '../admin/audit.ts';
import type { IdempotencyClaim } from '../ledger/idempotency.ts';
import type { Book, Ledger } from '../ledger/ledger.ts';
import { assertTradable } from '../market/admin.ts';
import { verifyPayPassword } from '../member/pay-password.ts';
import { sendNotice } from '../notice/send.ts';
import {
  discountOf,
  type FeeRow,
  feeOf,
  fillSide,
  formatPx,
  freezeBuffer,
  pnlOf,
  priceOn,
  type Sides,
  sides,
  stopOutPrice,
} from './pricing.ts';

export type OrderRow = typeof tradeOrders.$inferSelect;
export type PositionRow = typeof tradePositions.$inferSelect;
export type CloseRow = typeof tradeCloses.$inferSelect;

export type TradeDeps = { db: Database; ledger: Ledger; market: MarketEngine; clock: () => number };

/** Told after a commit what to add to or drop from the trigger book (the engine listens). */
export type BookListener = {
  orderChanged(order: OrderRow): void;
  positionChanged(position: PositionRow): void;
};

const money = (value: Decimal.Value | null | undefined) =>
  value === null || value === undefined ? null : moneyString(value);

function isBuyLimitBounded(type: string, direction: string) {
  return direction === directions.buy && (type === orderTypes.limit || type === orderTypes.stopLimit);
}

/** Trading: previews, orders, positions, closes and the block-order review (docs/trading.md). */
export class TradeService {
  listener: BookListener | undefined;

  constructor(private readonly deps: TradeDeps) {}

  get db() {
    return this.deps.db;
  }

  now(): Date {
    return new Date(this.deps.clock());
  }

  // Instruments, prices, sessions, fees

  instrument(symbol: string): Instrument {
    const instrument = this.deps.market.instrument(symbol);
    if (!instrument) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
    if (instrument.kind !== 'stock') throw new AppError('TRADE_SYMBOL_NOT_TRADABLE');
    return instrument;
  }

  quoted(instrument: Instrument): Sides {
    const state = this.deps.market.simulator.states.get(instrument.id);
    if (!state || !(state.price > 0)) throw new AppError('TRADE_NO_PRICE');
    return sides(instrument, formatPx(instrument, new Money(state.price)));
  }

  /** Quotes without throwing (reads of positions show nulls instead). */
  maybeQuoted(symbol: string): { instrument: Instrument; quoted: Sides } | undefined {
    const instrument = this.deps.market.instrument(symbol);
    const state = instrument && this.deps.market.simulator.states.get(instrument.id);
    if (!instrument || !state || !(state.price > 0)) return undefined;
    return { instrument, quoted: sides(instrument, formatPx(instrument, new Money(state.price))) };
  }

  session(instrument: Instrument, at: Date = this.now()) {
    const status = sessionStatus(instrument.schedule, at, this.deps.market.alwaysOpen);
    return {
      market: instrument.market,
      timezone: instrument.schedule.timezone,
      state: status.state,
      alwaysOpen: this.deps.market.alwaysOpen,
      nextOpen: status.nextOpen?.toISOString() ?? null,
      nextClose: status.nextClose?.toISOString() ?? null,
      dayClose: status.day?.close ?? null,
    };
  }

  /** When a day order placed at `at` expires: the close of the trading day (next UTC midnight around the clock). */
  expiryOf(instrument: Instrument, at: Date): Date {
    const session = this.session(instrument, at);
    if (session.dayClose) return session.dayClose;
    const midnight = new Date(at);
    midnight.setUTCHours(24, 0, 0, 0);
    return midnight;
  }

  async feeRow(market: string, db: Database | Transaction = this.db): Promise<FeeRow> {
    const [row] = await db.select().from(tradeFeeSchedules).where(eq(tradeFeeSchedules.market, market));
    if (!row) throw new AppError('TRADE_FEE_SCHEDULE_NOT_FOUND');
    return row;
  }

  async vipLevel(userId: number, db: Database | Transaction = this.db): Promise<number> {
    const [row] = await db.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, userId));
    return row?.vipLevel ?? 0;
  }

  async available(userId: number, currency: string, db: Database | Transaction = this.db): Promise<Money> {
    const result = await db.execute<{ available: string }>(
      sql`select available from balances where user_id = ${userId} and currency = ${currency}`,
    );
    const row = (result as unknown as { rows: { available: string }[] }).rows[0];
    return new Money(row?.available ?? 0);
  }

  // Validation

  /** Checks the order's fields against its type, its lot and the sides of its stop loss and take profit. */
  validate(input: OrderInput, instrument: Instrument, quoted: Sides) {
    if (input.quantity % instrument.lotSize !== 0) {
      throw new AppError('TRADE_QUANTITY_LOT', undefined, { lot: instrument.lotSize });
    }
    const needs: Record<string, string[]> = {
      market: [],
      limit: ['limitPrice'],
      stop: ['stopPrice'],
      stopLimit: ['stopPrice', 'limitPrice'],
      trailingStop: [],
    };
    const priceFields = ['limitPrice', 'stopPrice', 'trailAmount', 'trailPercent'] as const;
    const required = needs[input.type] ?? [];
    for (const field of priceFields) {
      const given = input[field] !== undefined;
      const trail = field === 'trailAmount' || field === 'trailPercent';
      if (required.includes(field) && !given) throw new AppError('TRADE_PRICE_REQUIRED', undefined, { field });
      if (!required.includes(field) && given && !(trail && input.type === orderTypes.trailingStop)) {
        throw new AppError('TRADE_PRICE_NOT_ALLOWED', undefined, { field });
      }
    }
    if (
      input.type === orderTypes.trailingStop &&
      (input.trailAmount === undefined) === (input.trailPercent === undefined)
    ) {
      throw new AppError('TRADE_TRAIL_REQUIRED');
    }
    const reference = new Money(input.limitPrice ?? input.stopPrice ?? quoted.last);
    this.checkProtection(input.direction, reference, input.stopLoss, input.takeProfit);
  }

  checkProtection(direction: string, reference: Money, stopLoss?: string | null, takeProfit?: string | null) {
    const long = direction === directions.buy;
    if (stopLoss && (long ? !reference.gt(stopLoss) : !reference.lt(stopLoss))) {
      throw new AppError('TRADE_STOP_LOSS_SIDE');
    }
    if (takeProfit && (long ? !reference.lt(takeProfit) : !reference.gt(takeProfit))) {
      throw new AppError('TRADE_TAKE_PROFIT_SIDE');
    }
  }

  /** Whether an order fills at once at `quoted`, and at which price and why. */
  immediateFill(input: OrderInput, instrument: Instrument, quoted: Sides, sessionOpen: boolean) {
    if (!sessionOpen || input.quantity >= blockOrderQuantity) return undefined;
    const side = fillSide(input.direction);
    const price = priceOn(side, quoted);
    const px = (value: Decimal.Value) => formatPx(instrument, new Money(value));
    if (input.type === orderTypes.market) {
      const reason: FillReasonRecord = { key: fillReasons.market, params: { price: px(price), side } };
      return { price, reason };
    }
    if (input.type === orderTypes.limit && input.limitPrice) {
      const reached = input.direction === directions.buy ? price.lte(input.limitPrice) : price.gte(input.limitPrice);
      if (reached) {
        const reason: FillReasonRecord = {
          key: fillReasons.limitReached,
          params: { limit: px(input.limitPrice), price: px(price), side },
        };
        return { price, reason };
      }
    }
    return undefined;
  }

  /** What a pending order freezes: a bounded buy limit its limit, anything else 5 % above the dearest reference. */
  freezeOf(
    order: Pick<OrderInput, 'type' | 'direction' | 'quantity' | 'limitPrice' | 'stopPrice'>,
    quoted: Sides,
    fees: FeeRow,
    vip: number,
  ) {
    let reference: Money;
    // A block order fills at the price of its review, not at its limit: it freezes like a market order.
    const block = order.quantity >= blockOrderQuantity;
    if (isBuyLimitBounded(order.type, order.direction) && order.limitPrice && !block) {
      reference = new Money(order.limitPrice);
    } else {
      reference = Money.max(quoted.ask, order.limitPrice ?? 0, order.stopPrice ?? 0).mul(
        new Money(1).add(freezeBuffer),
      );
    }
    const notional = reference.mul(order.quantity).toDecimalPlaces(2, Money.ROUND_UP);
    return notional.add(feeOf(fees, vip, notional).fee);
  }

  // Preview

  async preview(userId: number, input: OrderInput) {
    const instrument = this.instrument(input.symbol);
    const quoted = this.quoted(instrument);
    this.validate(input, instrument, quoted);
    await assertTradable(this.db, instrument.symbol);
    const session = this.session(instrument);
    const fees = await this.feeRow(instrument.market);
    const vip = await this.vipLevel(userId);
    const side = fillSide(input.direction);
    const marketPrice = priceOn(side, quoted);
    const block = input.quantity >= blockOrderQuantity;
    const fill = this.immediateFill(input, instrument, quoted, session.state === 'open');
    const estimate =
      fill?.price ??
      (input.type === orderTypes.limit || input.type === orderTypes.stopLimit
        ? new Money(input.limitPrice ?? marketPrice)
        : input.type === orderTypes.stop
          ? new Money(input.stopPrice ?? marketPrice)
          : marketPrice);
    const notional = estimate.mul(input.quantity);
    const fee = feeOf(fees, vip, notional);
    const total = notional.add(fee.fee);
    const fundsNeeded = fill ? total : this.freezeOf(input, quoted, fees, vip);
    const available = await this.available(userId, instrument.currency);
    // Break-even: the close price at which the proceeds, less a closing commission at the same
    // rate, return the whole total (opening fee included).
    const rate = new Money(fees.rate).mul(new Money(1).sub(fee.discount));
    const long = input.direction === directions.buy;
    const breakEven = long
      ? total.add(fee.platformFee).div(new Money(input.quantity).mul(new Money(1).sub(rate)))
      : notional
          .sub(fee.fee)
          .sub(fee.platformFee)
          .div(new Money(input.quantity).mul(new Money(1).add(rate)));
    const outcome = (exit: string | undefined) => {
      if (!exit) return null;
      const closeFee = feeOf(fees, vip, new Money(exit).mul(input.quantity)).fee;
      return moneyString(pnlOf(input.direction, estimate, exit, input.quantity).sub(fee.fee).sub(closeFee));
    };
    const waiting = fill
      ? null
      : block
        ? waitingFor.review
        : session.state === 'open'
          ? waitingFor.price
          : waitingFor.session;
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      market: instrument.market,
      currency: instrument.currency,
      type: input.type,
      direction: input.direction,
      quantity: input.quantity,
      lotSize: instrument.lotSize,
      last: moneyString(quoted.last),
      bid: moneyString(quoted.bid),
      ask: moneyString(quoted.ask),
      price: moneyString(estimate),
      notional: moneyString(notional),
      fee: moneyString(fee.fee),
      feeBreakdown: fee.breakdown,
      total: moneyString(total),
      fundsNeeded: moneyString(fundsNeeded),
      available: moneyString(available),
      availableAfter: moneyString(available.sub(fundsNeeded)),
      sufficient: available.gte(fundsNeeded),
      breakEven: formatPx(instrument, breakEven),
      lossAtStopLoss: outcome(input.stopLoss),
      gainAtTakeProfit: outcome(input.takeProfit),
      block,
      fillsNow: Boolean(fill),
      waitingFor: waiting,
      expiresAt: input.timeInForce === 'day' ? this.expiryOf(instrument, this.now()).toISOString() : null,
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

  // Placing

  async place(
    userId: number,
    body: OrderInput & { payPassword?: string },
    lang: LanguageKey,
    claim?: IdempotencyClaim,
  ) {
    const { payPassword, ...input } = body;
    const instrument = this.instrument(input.symbol);
    const quoted = this.quoted(instrument);
    this.validate(input, instrument, quoted);
    const block = input.quantity >= blockOrderQuantity;
    if (block) await verifyPayPassword(this.db, userId, payPassword ?? '');
    const now = this.now();
    const session = this.session(instrument, now);
    const fees = await this.feeRow(instrument.market);
    const vip = await this.vipLevel(userId);
    const fill = this.immediateFill(input, instrument, quoted, session.state === 'open');
    const currency = instrument.currency;
    const tif = input.timeInForce ?? 'gtc';

    const result = await this.deps.ledger.transaction(async (book) => {
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
        expiresAt: tif === 'day' ? this.expiryOf(instrument, now) : null,
        createdAt: now,
      };
      if (fill) {
        const [order] = await book.tx
          .insert(tradeOrders)
          .values({ ...base, status: orderStatuses.pending, waitingFor: waitingFor.price })
          .returning();
        if (!order) throw new Error('insert returned no order');
        return this.fill(book, order, instrument, fill.price, fill.reason, now, fees, vip);
      }
      const frozen = this.freezeOf(input, quoted, fees, vip);
      const waiting = block ? waitingFor.review : session.state === 'open' ? waitingFor.price : waitingFor.session;
      const [order] = await book.tx
        .insert(tradeOrders)
        .values({ ...base, status: orderStatuses.pending, waitingFor: waiting, frozen: moneyString(frozen) })
        .returning();
      if (!order) throw new Error('insert returned no order');
      const available = await this.available(userId, currency, book.tx);
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
    this.notify(result.order, result.position);
    return this.orderView(result.order, lang);
  }

  /** Tells the engine (after the commit) what changed in the book. */
  notify(order: OrderRow | null, position: PositionRow | null) {
    if (order) this.listener?.orderChanged(order);
    if (position) this.listener?.positionChanged(position);
  }

  /**
   * Fills a pending order inside `book`'s transaction: the guarded `UPDATE` moves it from
   * `pending` first (a racing cancel or second trigger finds nothing and moves nothing), then ONE
   * ledger entry opens the position: frozen funds (if any) released, the notional to `trading`,
   * the fee to `fees`.
   */
  async fill(
    book: Book,
    pending: OrderRow,
    instrument: Instrument,
    price: Money,
    reason: FillReasonRecord,
    now: Date,
    fees?: FeeRow,
    vipLevel?: number,
  ): Promise<{ order: OrderRow; position: PositionRow | null }> {
    const schedule = fees ?? (await this.feeRow(pending.market, book.tx));
    const vip = vipLevel ?? (await this.vipLevel(pending.userId, book.tx));
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
    const available = await this.available(userId, currency, book.tx);
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

  /** Releases a pending order's frozen funds with its new status (cancelled, expired, refused). */
  async release(
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

  async cancel(userId: number, id: number, lang: LanguageKey, claim?: IdempotencyClaim) {
    const order = await this.deps.ledger.transaction(async (book) => {
      const done = await this.release(
        book,
        and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)) as SQL,
        orderStatuses.cancelled,
        this.now(),
      );
      if (done) return done;
      const [row] = await book.tx
        .select({ id: tradeOrders.id })
        .from(tradeOrders)
        .where(and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)));
      throw new AppError(row ? 'TRADE_ORDER_NOT_PENDING' : 'TRADE_ORDER_NOT_FOUND');
    }, claim);
    this.notify(order, null);
    return this.orderView(order, lang);
  }

  // Amending

  async update(
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
      const position = await this.deps.ledger.transaction(async (book) => {
        const [row] = await book.tx
          .select()
          .from(tradePositions)
          .where(and(eq(tradePositions.id, body.positionId as number), eq(tradePositions.userId, userId)))
          .for('update');
        if (!row) throw new AppError('TRADE_POSITION_NOT_FOUND');
        if (row.status !== positionStatuses.open) throw new AppError('TRADE_POSITION_CLOSED');
        const instrument = this.instrument(row.symbol);
        const quoted = this.quoted(instrument);
        const stopLoss = body.stopLoss === undefined ? row.stopLoss : body.stopLoss;
        const takeProfit = body.takeProfit === undefined ? row.takeProfit : body.takeProfit;
        this.checkProtection(row.direction, quoted.last, body.stopLoss, body.takeProfit);
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
      this.notify(null, position);
      return { order: null, position: (await this.positionViews([position]))[0] ?? null };
    }
    const order = await this.deps.ledger.transaction(async (book) => {
      const [row] = await book.tx
        .select()
        .from(tradeOrders)
        .where(and(eq(tradeOrders.id, body.orderId as number), eq(tradeOrders.userId, userId)))
        .for('update');
      if (!row) throw new AppError('TRADE_ORDER_NOT_FOUND');
      if (row.status !== orderStatuses.pending) throw new AppError('TRADE_ORDER_NOT_PENDING');
      const hasLimit = row.type === orderTypes.limit || row.type === orderTypes.stopLimit;
      const hasStop = row.type === orderTypes.stop || row.type === orderTypes.stopLimit;
      if ((body.limitPrice !== undefined && !hasLimit) || (body.stopPrice !== undefined && !hasStop)) {
        throw new AppError('TRADE_ORDER_NOT_EDITABLE');
      }
      const instrument = this.instrument(row.symbol);
      const quoted = this.quoted(instrument);
      const next = {
        limitPrice: body.limitPrice ?? row.limitPrice,
        stopPrice: body.stopPrice ?? row.stopPrice,
        stopLoss: body.stopLoss === undefined ? row.stopLoss : body.stopLoss,
        takeProfit: body.takeProfit === undefined ? row.takeProfit : body.takeProfit,
      };
      const reference = new Money(next.limitPrice ?? next.stopPrice ?? quoted.last);
      this.checkProtection(row.direction, reference, next.stopLoss, next.takeProfit);
      const fees = await this.feeRow(row.market, book.tx);
      const vip = await this.vipLevel(userId, book.tx);
      const frozen = this.freezeOf(
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
        const available = await this.available(userId, row.currency, book.tx);
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
    this.notify(order, null);
    return { order: this.orderView(order, lang), position: null };
  }

  // Closing

  /**
   * Closes `quantity` (all when undefined) of a position in ONE ledger entry: `trading` pays back
   * the cost of that part plus its P/L, the closing fee goes to `fees`, the rest to the member's
   * available balance. The position row is locked first; a closed one answers 409 (a racing
   * trigger or second close moves nothing). `expect` lets a trigger check its level still holds.
   */
  async closeIn(
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
    const fees = await this.feeRow(row.market, book.tx);
    const vip = await this.vipLevel(row.userId, book.tx);
    const cost = new Money(row.openPrice).mul(quantity);
    const pnl = pnlOf(direction, row.openPrice, price, quantity);
    const gross = Money.max(0, cost.add(pnl));
    const fee = Money.min(gross, feeOf(fees, vip, price.mul(quantity)).fee);
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
      params: { quantity, symbol: row.symbol, price: moneyString(price), pnl: moneyString(realised), currency },
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

  async close(
    userId: number,
    body: { positionId: number; quantity?: number },
    lang: LanguageKey,
    claim?: IdempotencyClaim,
  ) {
    const [owned] = await this.db
      .select({ symbol: tradePositions.symbol })
      .from(tradePositions)
      .where(and(eq(tradePositions.id, body.positionId), eq(tradePositions.userId, userId)));
    if (!owned) throw new AppError('TRADE_POSITION_NOT_FOUND');
    const instrument = this.instrument(owned.symbol);
    const quoted = this.quoted(instrument);
    const now = this.now();
    const done = await this.deps.ledger.transaction(async (book) => {
      const result = await this.closeIn(book, body.positionId, {
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
      return result;
    }, claim);
    this.notify(null, done.position);
    const [position] = await this.positionViews([done.position]);
    if (!position) throw new Error('no view of the position');
    return { position, close: this.closeView(done.close, done.position, lang) };
  }

  // Views

  fillReasonView(reason: FillReasonRecord | null, lang: LanguageKey) {
    if (!reason) return null;
    const side = reason.params.side ? translate(lang, `trade.side.${reason.params.side}`) : '';
    return {
      key: reason.key as FillReasonKey,
      params: reason.params,
      text: translate(lang, `trade.fill.${reason.key}`, { ...reason.params, side }),
    };
  }

  orderView(row: OrderRow, lang: LanguageKey) {
    const instrument = this.deps.market.instrument(row.symbol);
    const filled = row.fillPrice !== null && row.fee !== null;
    return {
      id: row.id,
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      market: row.market,
      currency: row.currency,
      type: row.type as OrderInput['type'],
      direction: row.direction as Direction,
      quantity: row.quantity,
      limitPrice: money(row.limitPrice),
      stopPrice: money(row.type === orderTypes.trailingStop ? this.trailTrigger(row) : row.stopPrice),
      trailAmount: money(row.trailAmount),
      trailPercent: money(row.trailPercent),
      timeInForce: row.timeInForce as 'day' | 'gtc',
      stopLoss: money(row.stopLoss),
      takeProfit: money(row.takeProfit),
      status: row.status as (typeof orderStatuses)[keyof typeof orderStatuses],
      waitingFor: row.waitingFor as (typeof waitingFor)[keyof typeof waitingFor] | null,
      block: row.block,
      frozen: moneyString(row.frozen),
      fillPrice: money(row.fillPrice),
      fee: money(row.fee),
      total: filled ? moneyString(new Money(row.fillPrice as string).mul(row.quantity).add(row.fee as string)) : null,
      fillReason: this.fillReasonView(row.fillReason, lang),
      refuseReason: row.refuseReason,
      positionId: row.positionId,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      filledAt: row.filledAt?.toISOString() ?? null,
      doneAt: row.doneAt?.toISOString() ?? null,
    };
  }

  /** A trailing stop's trigger now: its best price less (or plus, for a buy) the trail. */
  trailTrigger(row: Pick<OrderRow, 'direction' | 'trailBest' | 'trailAmount' | 'trailPercent'>): Money | null {
    if (row.trailBest === null) return null;
    const best = new Money(row.trailBest);
    const distance = row.trailAmount ? new Money(row.trailAmount) : best.mul(row.trailPercent ?? 0).div(100);
    return row.direction === directions.sell ? best.sub(distance) : best.add(distance);
  }

  async positionViews(rows: PositionRow[]) {
    const fees = new Map<string, FeeRow>();
    for (const market of new Set(rows.map((row) => row.market))) fees.set(market, await this.feeRow(market));
    return rows.map((row) => {
      const live = this.maybeQuoted(row.symbol);
      const direction = row.direction as Direction;
      const open = row.status === positionStatuses.open;
      const mark = live && open ? (direction === directions.buy ? live.quoted.bid : live.quoted.ask) : null;
      const cost = new Money(row.openPrice).mul(row.quantity);
      const floating = mark ? pnlOf(direction, row.openPrice, mark, row.quantity) : null;
      const ratio = fees.get(row.market)?.stopOutRatio;
      return {
        id: row.id,
        orderId: row.orderId,
        symbol: row.symbol,
        name: live?.instrument.name ?? row.symbol,
        market: row.market,
        currency: row.currency,
        direction,
        lotSize: row.lotSize,
        quantity: row.quantity,
        openedQuantity: row.openedQuantity,
        openPrice: moneyString(row.openPrice),
        openFee: moneyString(row.openFee),
        cost: moneyString(cost),
        stopLoss: money(row.stopLoss),
        takeProfit: money(row.takeProfit),
        status: row.status as 'open' | 'closed',
        closeReason: row.closeReason as CloseReason | null,
        last: live ? moneyString(live.quoted.last) : null,
        bid: live ? moneyString(live.quoted.bid) : null,
        ask: live ? moneyString(live.quoted.ask) : null,
        markPrice: money(mark),
        marketValue: mark ? moneyString(mark.mul(row.quantity)) : null,
        floatingPnl: money(floating),
        floatingPnlPercent:
          floating && !cost.isZero()
            ? floating.div(cost).mul(100).toDecimalPlaces(2).toFixed(2)
            : floating
              ? '0.00'
              : null,
        realisedPnl: moneyString(row.realisedPnl),
        closedQuantity: row.closedQuantity,
        stopOutPrice:
          direction === directions.sell && ratio && live
            ? formatPx(live.instrument, stopOutPrice(row.openPrice, ratio))
            : null,
        openedAt: row.openedAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
      };
    });
  }

  closeView(row: CloseRow, position: PositionRow, lang: LanguageKey) {
    const instrument = this.deps.market.instrument(position.symbol);
    const reason = this.fillReasonView(row.fillReason, lang);
    if (!reason) throw new Error('a close without its reason');
    return {
      id: row.id,
      positionId: row.positionId,
      symbol: position.symbol,
      name: instrument?.name ?? position.symbol,
      market: position.market,
      currency: position.currency,
      direction: position.direction as Direction,
      quantity: row.quantity,
      openPrice: moneyString(position.openPrice),
      closePrice: moneyString(row.closePrice),
      fee: moneyString(row.fee),
      openFee: moneyString(row.openFee),
      realisedPnl: moneyString(row.realisedPnl),
      proceeds: moneyString(row.proceeds),
      reason: row.reason as CloseReason,
      fillReason: reason,
      closedAt: row.closedAt.toISOString(),
    };
  }

  // Lists

  async pending(userId: number, query: PageQuery & { symbol?: string }, lang: LanguageKey) {
    const where = and(
      eq(tradeOrders.userId, userId),
      eq(tradeOrders.status, orderStatuses.pending),
      query.symbol ? eq(tradeOrders.symbol, query.symbol) : undefined,
    );
    return paginate(
      query,
      this.db.select().from(tradeOrders).where(where).orderBy(desc(tradeOrders.id)).$dynamic(),
      this.db.select({ total: count() }).from(tradeOrders).where(where),
      (row) => this.orderView(row, lang),
    );
  }

  async holdings(userId: number) {
    const rows = await this.db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, positionStatuses.open)))
      .orderBy(desc(tradePositions.id));
    const list = await this.positionViews(rows);
    const totals = new Map<string, { cost: Money; marketValue: Money; floatingPnl: Money; positions: number }>();
    for (const item of list) {
      const total = totals.get(item.currency) ?? {
        cost: new Money(0),
        marketValue: new Money(0),
        floatingPnl: new Money(0),
        positions: 0,
      };
      total.cost = total.cost.add(item.cost);
      total.marketValue = total.marketValue.add(item.marketValue ?? item.cost);
      total.floatingPnl = total.floatingPnl.add(item.floatingPnl ?? 0);
      total.positions += 1;
      totals.set(item.currency, total);
    }
    return {
      list,
      totals: [...totals].map(([currency, total]) => ({
        currency,
        cost: moneyString(total.cost),
        marketValue: moneyString(total.marketValue),
        floatingPnl: moneyString(total.floatingPnl),
        positions: total.positions,
      })),
    };
  }

  /** A member's positions of one status for operators, newest first (open ones with floating P/L). */
  async memberPositions(userId: number, query: PageQuery & { status: PositionStatus }) {
    const where = and(eq(tradePositions.userId, userId), eq(tradePositions.status, query.status));
    const rows = await paginate(
      query,
      this.db.select().from(tradePositions).where(where).orderBy(desc(tradePositions.id)).$dynamic(),
      this.db.select({ total: count() }).from(tradePositions).where(where),
      (row) => row,
    );
    return { ...rows, list: await this.positionViews(rows.list) };
  }

  async closed(userId: number, query: PageQuery & { symbol?: string }, lang: LanguageKey) {
    const where = and(
      eq(tradeCloses.userId, userId),
      query.symbol ? eq(tradePositions.symbol, query.symbol) : undefined,
    );
    return paginate(
      query,
      this.db
        .select({ close: tradeCloses, position: tradePositions })
        .from(tradeCloses)
        .innerJoin(tradePositions, eq(tradePositions.id, tradeCloses.positionId))
        .where(where)
        .orderBy(desc(tradeCloses.id))
        .$dynamic(),
      this.db
        .select({ total: count() })
        .from(tradeCloses)
        .innerJoin(tradePositions, eq(tradePositions.id, tradeCloses.positionId))
        .where(where),
      (row) => this.closeView(row.close, row.position, lang),
    );
  }

  async detail(userId: number, id: number, lang: LanguageKey) {
    const [row] = await this.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId)));
    if (!row) throw new AppError('TRADE_ORDER_NOT_FOUND');
    let position = null;
    let closes: ReturnType<TradeService['closeView']>[] = [];
    if (row.positionId) {
      const [positionRow] = await this.db.select().from(tradePositions).where(eq(tradePositions.id, row.positionId));
      if (positionRow) {
        position = (await this.positionViews([positionRow]))[0] ?? null;
        const closeRows = await this.db
          .select()
          .from(tradeCloses)
          .where(eq(tradeCloses.positionId, positionRow.id))
          .orderBy(desc(tradeCloses.id));
        closes = closeRows.map((close) => this.closeView(close, positionRow, lang));
      }
    }
    return { ...this.orderView(row, lang), position, closes };
  }

  async feeSchedule(userId: number) {
    const vipLevel = await this.vipLevel(userId);
    const rows = await this.db.select().from(tradeFeeSchedules).orderBy(asc(tradeFeeSchedules.market));
    const list = rows.map((row) => this.feeView(row));
    const us = rows[0];
    return {
      vipLevel,
      discount: moneyString(us ? discountOf(us, vipLevel) : 0),
      list,
    };
  }

  feeView(row: FeeRow) {
    return {
      market: row.market,
      currency: row.currency,
      rate: moneyString(row.rate),
      minimum: moneyString(row.minimum),
      platformFee: moneyString(row.platformFee),
      vipDiscounts: row.vipDiscounts.map((step) => ({ level: step.level, discount: moneyString(step.discount) })),
    };
  }

  // Operators

  async adminList(query: PageQuery & { status?: string; block?: boolean; userId?: number }, lang: LanguageKey) {
    const reviewQueue = query.status === undefined && query.block === undefined && query.userId === undefined;
    const where = and(
      reviewQueue ? eq(tradeOrders.waitingFor, waitingFor.review) : undefined,
      query.status ? eq(tradeOrders.status, query.status) : undefined,
      query.block === undefined ? undefined : eq(tradeOrders.block, query.block),
      query.userId ? eq(tradeOrders.userId, query.userId) : undefined,
    );
    return paginate(
      query,
      this.db
        .select({ order: tradeOrders, mail: users.mail })
        .from(tradeOrders)
        .innerJoin(users, eq(users.id, tradeOrders.userId))
        .where(where)
        .orderBy(reviewQueue ? asc(tradeOrders.id) : desc(tradeOrders.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(tradeOrders).where(where),
      (row) => this.adminView(row.order, row.mail, lang),
    );
  }

  adminView(row: OrderRow, mail: string | null, lang: LanguageKey) {
    return {
      ...this.orderView(row, lang),
      userId: row.userId,
      mail,
      reviewedBy: row.reviewedBy,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  }

  /**
   * A block order's review: the order row is locked first and must still wait for review; a pass
   * fills it at the price now (one ledger entry), a refusal releases its frozen funds; both are
   * audited and noticed in the same transaction.
   */
  async review(actor: Actor, body: { id: number; status: 1 | 2; reason?: string }, lang: LanguageKey) {
    if (body.status === orderReviewStatuses.refuse && !body.reason) throw new AppError('TRADE_REFUSE_REASON_REQUIRED');
    const now = this.now();
    const result = await this.deps.ledger.transaction(async (book) => {
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
        const instrument = this.instrument(row.symbol);
        const quoted = this.quoted(instrument);
        const side = fillSide(row.direction as Direction);
        const price = priceOn(side, quoted);
        const filled = await this.fill(
          book,
          { ...row, ...reviewed },
          instrument,
          price,
          { key: fillReasons.blockPassed, params: { price: formatPx(instrument, price), side } },
          now,
        );
        order = filled.order;
        position = filled.position;
      } else {
        const refused = await this.release(book, eq(tradeOrders.id, row.id), orderStatuses.refused, now, {
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
      return { order, position, mail: mail?.mail ?? null };
    });
    this.notify(result.order, result.position);
    return this.adminView(result.order, result.mail, lang);
  }

  async feeList() {
    const rows = await this.db.select().from(tradeFeeSchedules).orderBy(asc(tradeFeeSchedules.market));
    return rows.map((row) => this.feeView(row));
  }

  async feeUpdate(
    actor: Actor,
    body: {
      market: string;
      rate: string;
      minimum: string;
      platformFee: string;
      vipDiscounts: { level: number; discount: string }[];
    },
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(tradeFeeSchedules)
        .where(eq(tradeFeeSchedules.market, body.market))
        .for('update');
      if (!before) throw new AppError('TRADE_FEE_SCHEDULE_NOT_FOUND');
      const [row] = await tx
        .update(tradeFeeSchedules)
        .set({ ...body, updatedAt: this.now() })
        .where(eq(tradeFeeSchedules.market, body.market))
        .returning();
      if (!row) throw new Error('update returned no fee schedule');
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'trade.fee.update',
        entity: 'trade_fee_schedule',
        entityId: body.market,
        before: this.feeView(before),
        after: this.feeView(row),
        ip: actor.ip,
      });
      return this.feeView(row);
    });
  }

  // Engine reads

  async pendingOrders(symbols?: string[]) {
    return this.db
      .select()
      .from(tradeOrders)
      .where(
        and(eq(tradeOrders.status, orderStatuses.pending), symbols ? inArray(tradeOrders.symbol, symbols) : undefined),
      );
  }

  /** Pending day orders whose session closed by `now`. */
  async dueDayOrders(now: Date) {
    return this.db
      .select()
      .from(tradeOrders)
      .where(
        and(
          eq(tradeOrders.status, orderStatuses.pending),
          eq(tradeOrders.timeInForce, 'day'),
          lte(tradeOrders.expiresAt, now),
        ),
      );
  }

  async openPositions() {
    return this.db.select().from(tradePositions).where(eq(tradePositions.status, positionStatuses.open));
  }
}
