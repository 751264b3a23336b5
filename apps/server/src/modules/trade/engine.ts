import {
  type CloseReason,
  closeReasons,
  type Direction,
  directions,
  fillReasons,
  orderStatuses,
  orderTypes,
  positionStatuses,
  waitingFor,
} from '@soar/contract';
import type Decimal from 'decimal.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type FillReasonRecord, tradeOrders, tradePositions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { priceUnits, type SymbolBook, type Trigger, TriggerBook } from '../../lib/level-book.ts';
import { type Instrument, tickSize } from '../../market/instrument.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import type { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { release } from './amend.ts';
import { closeIn } from './closing.ts';
import { batchesOf, executionConcurrency, type Filled, FillWriter } from './execution.ts';
import type { Execution } from './fill-many.ts';
import { fillSide, formatPx, priceOn, type Sides, stopOutPrice } from './pricing.ts';
import type { BookListener, OrderRow, PositionRow, TradeService } from './service.ts';
import { trailTrigger } from './views.ts';

type Entry =
  | { kind: 'order'; order: OrderRow }
  | { kind: 'position'; trigger: 'sl' | 'tp' | 'so'; position: PositionRow; level: Money };

const fillAt = (order: OrderRow, instrument: Instrument, price: Money, reason: FillReasonRecord): Execution => ({
  order,
  instrument,
  price,
  reason,
});

/**
 * A change to the book committed on a node that does not run the engine (an API node, a standby):
 * it travels by id through the realtime fan-out, and the engine reads the row again
 * (docs/scaling.md, Standby engine).
 */
export type BookChange = { orderId: number } | { positionId: number } | { market: string };

/** The book listener of a node without the engine: each change goes to the engine node. */
export function bookRelay(send: (change: BookChange) => void): BookListener {
  return {
    orderChanged: (order) => send({ orderId: order.id }),
    positionChanged: (position) => send({ positionId: position.id }),
    feesChanged: (market) => send({ market }),
  };
}

/** `batched`: fills written by a batch's one statement (`fillMany`), the rest of `fills` each alone. */
export type EngineStats = { fills: number; batched: number; closes: number; skipped: number; failed: number };

/**
 * The trading engine (docs/trading.md, Engine): per symbol a trigger book sorted by the last price
 * that fires each waiting order and position trigger, rebuilt from the database at start. A tick
 * pops only the crossed triggers and executes them (order fills in batches, position triggers
 * each alone), ticks of a symbol one after the other; guarded updates decide races with members'
 * cancels and closes.
 * Only the engine node (MARKET_ENGINE=on) runs it.
 */
export class TradeEngine {
  readonly book = new TriggerBook();
  readonly #entries = new Map<string, Entry>();
  /** Market orders that wait for their session: they fill on the symbol's next tick. */
  readonly #sessionWaiters = new Map<string, Map<number, OrderRow>>();
  /** Trailing stops per symbol (their trigger moves with the best price). */
  readonly #trailing = new Map<string, Map<number, OrderRow>>();
  /**
   * Per symbol, each trailing stop keyed by its best price: a sell's entry fires when the last
   * rises above its best, a buy's when it falls below, so a tick only touches the stops it moves.
   */
  readonly bests = new TriggerBook();
  readonly #chains = new Map<string, Promise<void>>();
  readonly #quotes = new Map<string, { instrument: Instrument; price: number; sides: Sides }>();
  #stop: (() => void) | undefined;
  /** The listener the engine replaced while it runs. */
  #relay: BookListener | undefined;
  readonly stats: EngineStats = { fills: 0, batched: 0, closes: 0, skipped: 0, failed: 0 };
  readonly #writer: FillWriter;

  constructor(
    private readonly trade: TradeService,
    private readonly market: QuoteProvider,
    private readonly ledger: Ledger,
    private readonly options: {
      stopOutRatio: (market: string) => Promise<string>;
      onError?: (error: unknown) => void;
      /** Told of every position the book files again (its alerts follow it: docs/product.md, Alerts). */
      positionTracked?: (position: PositionRow) => void;
    },
  ) {
    this.#writer = new FillWriter(trade, ledger, {
      filled: (result, batched) => this.#filled(result, batched),
      cancelled: (order) => this.trackOrder(order),
      failed: (error) => this.#failed(error),
      batchFailed: (error) => this.options.onError?.(error),
    });
  }

  /** Loads every waiting order and open position into the book, then listens to the ticks. */
  async start(listen = true): Promise<void> {
    await this.rebuild();
    this.#relay = this.trade.listener;
    this.trade.listener = {
      orderChanged: (order) => this.trackOrder(order),
      positionChanged: (position) => void this.trackPosition(position),
      feesChanged: (market) => void this.#feesChanged(market).catch((error) => this.options.onError?.(error)),
    };
    // A stale quote is the last price of a feed that went quiet: nothing fires on it.
    if (listen) {
      this.#stop = this.market.stream((event) => {
        if (!event.quote.stale) this.onPrice(event.quote.symbol, event.quote.price);
      });
    }
  }

  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
    // A node that stops running the engine sends its book changes on again (`bookRelay`).
    this.trade.listener = this.#relay;
    this.#relay = undefined;
  }

  async rebuild(): Promise<void> {
    this.book.clear();
    this.bests.clear();
    this.#entries.clear();
    this.#sessionWaiters.clear();
    this.#trailing.clear();
    for (const order of await this.trade.pendingOrders()) this.trackOrder(order);
    for (const position of await this.trade.openPositions()) await this.trackPosition(position);
  }

  /** Resolves when every execution queued so far has finished. */
  async idle(): Promise<void> {
    for (;;) {
      const chains = [...this.#chains.values()];
      await Promise.all(chains);
      if ([...this.#chains.values()].every((chain, index) => chain === chains[index])) return;
    }
  }

  #instrument(symbol: string): Instrument | undefined {
    return this.market.instrument(symbol);
  }

  /**
   * The last price from which `side` may reach `target`, in price units. A trade prints at the bid
   * or the ask (docs/market.md), so the ask is never below the last and the bid never above it:
   * a buy limit can only be reached once the last is at or below it, a sell limit at or above it.
   * The book files the order there; the fill checks the quoted side itself and files it back.
   */
  #lastFor(target: Money): bigint {
    return priceUnits(target);
  }

  /** Files a trailing stop under its best price (see `bests`). */
  #trackBest(order: OrderRow) {
    if (order.trailBest === null) return;
    const best = priceUnits(order.trailBest);
    const sell = order.direction === directions.sell;
    this.bests.of(order.symbol).set({ key: `order:${order.id}`, level: sell ? best + 1n : best - 1n, up: sell });
  }

  trackOrder(order: OrderRow): void {
    const key = `order:${order.id}`;
    const symbolBook = this.book.of(order.symbol);
    symbolBook.remove(key);
    this.#entries.delete(key);
    this.#sessionWaiters.get(order.symbol)?.delete(order.id);
    this.#trailing.get(order.symbol)?.delete(order.id);
    this.bests.of(order.symbol).remove(key);
    if (order.status !== orderStatuses.pending || order.waitingFor === waitingFor.review) return;
    const instrument = this.#instrument(order.symbol);
    if (!instrument) return;
    this.#entries.set(key, { kind: 'order', order });
    const buy = order.direction === directions.buy;
    if (order.type === orderTypes.market) {
      const waiting = this.#sessionWaiters.get(order.symbol) ?? new Map<number, OrderRow>();
      waiting.set(order.id, order);
      this.#sessionWaiters.set(order.symbol, waiting);
      return;
    }
    if (order.type === orderTypes.trailingStop) {
      const trailing = this.#trailing.get(order.symbol) ?? new Map<number, OrderRow>();
      trailing.set(order.id, order);
      this.#trailing.set(order.symbol, trailing);
      this.#trackBest(order);
      const trigger = trailTrigger(order);
      if (trigger) symbolBook.set({ key, level: priceUnits(trigger), up: buy });
      return;
    }
    const asLimit = order.type === orderTypes.limit || (order.type === orderTypes.stopLimit && order.triggeredAt);
    if (asLimit && order.limitPrice) {
      // A buy limit fills once the ask falls to it, a sell limit once the bid rises to it.
      const level = this.#lastFor(new Money(order.limitPrice));
      symbolBook.set({ key, level, up: !buy });
      return;
    }
    if (order.stopPrice) symbolBook.set({ key, level: priceUnits(order.stopPrice), up: buy });
  }

  async trackPosition(position: PositionRow): Promise<void> {
    this.options.positionTracked?.(position);
    const symbolBook = this.book.of(position.symbol);
    for (const trigger of ['sl', 'tp', 'so'] as const) {
      symbolBook.remove(`${trigger}:${position.id}`);
      this.#entries.delete(`${trigger}:${position.id}`);
    }
    if (position.status !== positionStatuses.open) return;
    const instrument = this.#instrument(position.symbol);
    if (!instrument) return;
    const long = position.direction === directions.buy;
    const add = (trigger: 'sl' | 'tp' | 'so', level: Money, lastLevel: bigint, up: boolean) => {
      const key = `${trigger}:${position.id}`;
      this.#entries.set(key, { kind: 'position', trigger, position, level });
      symbolBook.set({ key, level: lastLevel, up });
    };
    // Stops fire on the last price; a take profit once the closing side reaches it.
    if (position.stopLoss) add('sl', new Money(position.stopLoss), priceUnits(position.stopLoss), !long);
    if (position.takeProfit) {
      const target = new Money(position.takeProfit);
      add('tp', target, this.#lastFor(target), long);
    }
    if (!long) {
      const level = stopOutPrice(position.openPrice, await this.options.stopOutRatio(position.market));
      add('so', level, priceUnits(level), true);
    }
  }

  /** A change another node committed, read again and filed like one of this node's. */
  async heard(change: BookChange): Promise<void> {
    if ('market' in change) return this.#feesChanged(change.market);
    const db = this.trade.db;
    if ('orderId' in change) {
      const [order] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, change.orderId));
      if (order) this.trackOrder(order);
      return;
    }
    const [position] = await db.select().from(tradePositions).where(eq(tradePositions.id, change.positionId));
    if (position) await this.trackPosition(position);
  }

  /** The market's stop-out ratio may have changed: its shorts' stop-out levels are set again. */
  async #feesChanged(market: string): Promise<void> {
    const shorts = new Map<number, PositionRow>();
    for (const entry of this.#entries.values()) {
      if (entry.kind === 'position' && entry.trigger === 'so' && entry.position.market === market) {
        shorts.set(entry.position.id, entry.position);
      }
    }
    for (const position of shorts.values()) await this.trackPosition(position);
  }

  /** One trade of `symbol` at `price`: trailing stops follow it, crossed triggers execute. */
  onPrice(symbol: string, price: Decimal.Value): void {
    const last = priceUnits(price);
    const symbolBook = this.book.of(symbol);
    const moved = this.#follow(symbol, symbolBook, moneyString(price), last);
    const crossed: Trigger[] = symbolBook.crossed(last);
    const waiters = this.#sessionWaiters.get(symbol);
    const waiting = waiters && waiters.size > 0 ? [...waiters.values()] : [];
    if (waiters) waiters.clear();
    if (crossed.length === 0 && waiting.length === 0 && moved.length === 0) return;
    const work = async () => {
      // A trailing stop's best price is stored as it moves, so a restart resumes from it.
      if (moved.length > 0) await this.#run(() => this.#storeBests(moved));
      const fills: Execution[] = [];
      const jobs: (() => Promise<void>)[] = [];
      for (const order of waiting) {
        const execution = this.#fillMarket(order);
        if (execution) fills.push(execution);
      }
      for (const trigger of crossed) {
        const entry = this.#entries.get(trigger.key);
        if (!entry) continue;
        this.#entries.delete(trigger.key);
        if (entry.kind === 'position') {
          jobs.push(() => this.#firePosition(entry));
          continue;
        }
        await this.#run(async () => {
          const execution = await this.#fireOrder(entry.order);
          if (execution) fills.push(execution);
        });
      }
      let vips: Map<number, number> | undefined;
      if (fills.length > 1) {
        await this.#run(async () => {
          vips = await this.#writer.vipLevels(fills);
        });
      }
      jobs.push(...batchesOf(fills).map((batch) => () => this.#writer.batch(batch, vips)));
      // A few transactions run at once (the database pool's connections); the guarded updates
      // keep them from stepping on each other.
      let next = 0;
      const worker = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) await this.#run(job);
      };
      await Promise.all(Array.from({ length: Math.min(executionConcurrency, jobs.length) }, worker));
    };
    const chain = (this.#chains.get(symbol) ?? Promise.resolve()).then(work);
    this.#chains.set(symbol, chain);
  }

  /** Trailing stops whose best price `last` improved: the best and the trigger move to it. */
  #follow(symbol: string, symbolBook: SymbolBook, price: string, last: bigint): OrderRow[] {
    const trailing = this.#trailing.get(symbol);
    if (!trailing) return [];
    const moved: OrderRow[] = [];
    for (const entry of this.bests.of(symbol).crossed(last)) {
      const order = trailing.get(Number(entry.key.slice('order:'.length)));
      if (!order) continue;
      order.trailBest = price;
      moved.push(order);
      this.#trackBest(order);
      const trigger = trailTrigger(order);
      if (trigger)
        symbolBook.set({ key: entry.key, level: priceUnits(trigger), up: order.direction === directions.buy });
    }
    return moved;
  }

  async #run(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      this.#failed(error);
    }
  }

  #failed(error: unknown) {
    this.stats.failed += 1;
    this.options.onError?.(error);
  }

  /** The quote now; kept per symbol while its price stays the same (a tick fires many orders at one price). */
  #quoted(instrument: Instrument): Sides | undefined {
    // A stale feed quotes nothing to fill at, not even the sides kept at its last price.
    if (this.market.isStale(instrument)) return undefined;
    const price = this.market.state(instrument)?.price;
    const kept = this.#quotes.get(instrument.symbol);
    if (kept && kept.instrument === instrument && price !== undefined && kept.price === price) return kept.sides;
    try {
      const sides = this.trade.quoted(instrument);
      if (price !== undefined) this.#quotes.set(instrument.symbol, { instrument, price, sides });
      return sides;
    } catch {
      return undefined;
    }
  }

  async #storeBests(moved: OrderRow[]) {
    const values = sql.join(
      moved.map((order) => sql`(${order.id}::integer, ${order.trailBest}::numeric)`),
      sql`, `,
    );
    await this.trade.db.execute(
      sql`update ${tradeOrders} set trail_best = moved.best from (values ${values}) as moved(id, best)
          where ${tradeOrders.id} = moved.id and ${tradeOrders.status} = ${orderStatuses.pending}`,
    );
  }

  async #filled(result: Filled, batched: boolean) {
    if (batched && result.position) this.stats.batched += 1;
    if (!result.position) {
      this.stats.skipped += 1;
      return;
    }
    this.stats.fills += 1;
    this.trackOrder(result.order);
    await this.trackPosition(result.position);
  }

  #fillMarket(order: OrderRow): Execution | undefined {
    const instrument = this.#instrument(order.symbol);
    const quoted = instrument && this.#quoted(instrument);
    // No price to fill at (a stale feed): the order waits for the next tick.
    if (!instrument || !quoted) return this.#retrack(order);
    const side = fillSide(order.direction as Direction);
    const price = priceOn(side, quoted);
    return {
      order,
      instrument,
      price,
      reason: { key: fillReasons.sessionOpen, params: { price: formatPx(instrument, price), side } },
    };
  }

  /** Whether a crossed order fills now, and at which price and why (else it goes back in the book). */
  async #fireOrder(order: OrderRow): Promise<Execution | undefined> {
    const instrument = this.#instrument(order.symbol);
    const quoted = instrument && this.#quoted(instrument);
    // No price to fill at (a stale feed): back in the book, as a crossed order that did not fill.
    if (!instrument || !quoted) return this.#retrack(order);
    const buy = order.direction === directions.buy;
    const side = fillSide(order.direction as Direction);
    const price = priceOn(side, quoted);
    const px = (value: Decimal.Value) => formatPx(instrument, new Money(value));
    const limitReached = (limit: string) => (buy ? price.lte(limit) : price.gte(limit));
    if (order.type === orderTypes.limit && order.limitPrice) {
      if (!limitReached(order.limitPrice)) return this.#retrack(order);
      return fillAt(order, instrument, price, {
        key: fillReasons.limitReached,
        params: { limit: px(order.limitPrice), price: px(price), side },
      });
    }
    if (order.type === orderTypes.stopLimit && order.stopPrice && order.limitPrice) {
      if (!order.triggeredAt) {
        const [triggered] = await this.trade.db
          .update(tradeOrders)
          .set({ triggeredAt: this.trade.now() })
          .where(
            and(
              eq(tradeOrders.id, order.id),
              eq(tradeOrders.status, orderStatuses.pending),
              isNull(tradeOrders.triggeredAt),
            ),
          )
          .returning();
        if (!triggered) return;
        order = triggered;
      }
      if (!limitReached(order.limitPrice as string)) return this.#retrack(order);
      return fillAt(order, instrument, price, {
        key: fillReasons.stopLimitReached,
        params: { stop: px(order.stopPrice as string), limit: px(order.limitPrice as string), price: px(price), side },
      });
    }
    if (order.type === orderTypes.stop && order.stopPrice) {
      const stop = new Money(order.stopPrice);
      const last = quoted.last;
      if (buy ? last.lt(stop) : last.gt(stop)) return this.#retrack(order);
      const gap = buy
        ? last.gt(stop.add(tickSize(instrument, stop.toNumber())))
        : last.lt(stop.sub(tickSize(instrument, stop.toNumber())));
      return fillAt(
        order,
        instrument,
        price,
        gap
          ? { key: fillReasons.stopGap, params: { stop: px(stop), trigger: px(last), price: px(price), side } }
          : { key: fillReasons.stopTriggered, params: { trigger: px(stop), price: px(price), side } },
      );
    }
    if (order.type === orderTypes.trailingStop) {
      const trigger = trailTrigger(order);
      if (!trigger) return;
      const last = quoted.last;
      if (buy ? last.lt(trigger) : last.gt(trigger)) return this.#retrack(order);
      return fillAt(order, instrument, price, {
        key: fillReasons.trailingTriggered,
        params: { trigger: px(trigger), best: px(order.trailBest as string), price: px(price), side },
      });
    }
  }

  #retrack(order: OrderRow): undefined {
    this.trackOrder(order);
  }

  async #firePosition(entry: Extract<Entry, { kind: 'position' }>) {
    const { position, trigger, level } = entry;
    const instrument = this.#instrument(position.symbol);
    const quoted = instrument && this.#quoted(instrument);
    if (!instrument || !quoted) {
      // No price to close at (a stale feed): its triggers wait for the next tick.
      await this.trackPosition(position);
      return;
    }
    const long = position.direction === directions.buy;
    const side = long ? 'bid' : 'ask';
    const price = priceOn(side, quoted);
    const last = quoted.last;
    // The trigger must still hold on the price now (the member may have moved it meanwhile).
    const holds =
      trigger === 'tp' ? (long ? price.gte(level) : price.lte(level)) : long ? last.lte(level) : last.gte(level);
    if (!holds) {
      await this.trackPosition(position);
      return;
    }
    const px = (value: Decimal.Value) => formatPx(instrument, new Money(value));
    const reason: CloseReason =
      trigger === 'sl' ? closeReasons.stopLoss : trigger === 'tp' ? closeReasons.takeProfit : closeReasons.stopOut;
    const tick = tickSize(instrument, level.toNumber());
    const gap = trigger === 'sl' && (long ? last.lt(level.sub(tick)) : last.gt(level.add(tick)));
    const ratio = trigger === 'so' ? await this.options.stopOutRatio(position.market) : '0';
    const result = await this.ledger.transaction((book) =>
      closeIn(this.trade, book, position.id, {
        reason,
        quoted,
        instrument,
        now: this.trade.now(),
        expect: (row) =>
          trigger === 'sl'
            ? row.stopLoss !== null && level.eq(row.stopLoss)
            : trigger === 'tp'
              ? row.takeProfit !== null && level.eq(row.takeProfit)
              : true,
        fillReason: (fill, fillSideName) => {
          const params = { price: px(fill), side: fillSideName };
          if (trigger === 'sl') {
            return gap
              ? { key: fillReasons.closeStopLossGap, params: { ...params, stop: px(level), trigger: px(last) } }
              : { key: fillReasons.closeStopLoss, params: { ...params, stop: px(level) } };
          }
          if (trigger === 'tp') return { key: fillReasons.closeTakeProfit, params: { ...params, target: px(level) } };
          return {
            key: fillReasons.closeStopOut,
            params: { ...params, ratio: moneyString(new Money(ratio).mul(100)) },
          };
        },
      }),
    );
    if (result) {
      this.stats.closes += 1;
      await this.trackPosition(result.position);
    } else this.stats.skipped += 1;
  }

  /** Day orders whose session closed by `now`: expired, funds back, noticed (the expiry job). */
  async expire(now: Date): Promise<number> {
    const due = await this.trade.dueDayOrders(now);
    let count = 0;
    for (const order of due) {
      const expired = await this.ledger.transaction(async (book) => {
        const done = await release(this.trade, book, eq(tradeOrders.id, order.id), orderStatuses.expired, now);
        if (done) {
          await sendNotice(book, {
            userId: done.userId,
            kind: 'orderExpired',
            // The notice names the side: a buy, or a short sale (notice.orderExpired.<direction>).
            params: { quantity: done.quantity, symbol: done.symbol, direction: done.direction },
            reference: `order:${done.id}`,
          });
        }
        return done;
      });
      if (expired) {
        count += 1;
        this.trackOrder(expired);
      }
    }
    return count;
  }
}
