import { orderStatuses, positionStatuses } from '@soar/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  currencies,
  type tradeCloses,
  tradeFeeSchedules,
  tradeOrders,
  tradePositions,
  users,
} from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { DecimalsOf } from '../../lib/readable-params.ts';
import type { Instrument } from '../../market/instrument.ts';
import type { QuoteProvider } from '../../market/provider.ts';
import { sessionStatus } from '../../market/status.ts';
import type { Ledger } from '../ledger/index.ts';
import { type FeeRow, liveSides, type Sides } from './pricing.ts';

export type OrderRow = typeof tradeOrders.$inferSelect;
export type PositionRow = typeof tradePositions.$inferSelect;
export type CloseRow = typeof tradeCloses.$inferSelect;

export type TradeDeps = {
  db: Database;
  ledger: Ledger;
  market: QuoteProvider;
  clock: () => number;
  /** A currency's decimals (the settings' currency list), for the prices a text shows. */
  decimalsOf: DecimalsOf;
};

/** Told after a commit what to add to or drop from the trigger book (the engine listens). */
export type BookListener = {
  orderChanged(order: OrderRow): void;
  positionChanged(position: PositionRow): void;
  feesChanged(market: string): void;
};

/**
 * Trading (docs/trading.md): what every step shares (instruments, quotes, sessions, fees, balances,
 * the book listener). The steps live beside it: placement, amend, closing, review, lists, admin.
 */
export class TradeService {
  listener: BookListener | undefined;
  readonly #fees = new Map<string, FeeRow>();

  constructor(readonly deps: TradeDeps) {}

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

  /** The sides to trade at now; none while the market's feed is stale (docs/market.md, Stale feeds). */
  quoted(instrument: Instrument): Sides {
    const state = this.deps.market.state(instrument);
    if (!state || !(state.price > 0)) throw new AppError('TRADE_NO_PRICE');
    if (this.deps.market.isStale(instrument))
      throw new AppError('QUOTE_STALE', undefined, { symbol: instrument.symbol });
    return liveSides(instrument, state);
  }

  /** Quotes without throwing (reads of positions show nulls instead). */
  maybeQuoted(symbol: string): { instrument: Instrument; quoted: Sides } | undefined {
    const instrument = this.deps.market.instrument(symbol);
    const state = instrument && this.deps.market.state(instrument);
    if (!instrument || !state || !(state.price > 0)) return undefined;
    return { instrument, quoted: liveSides(instrument, state) };
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

  /**
   * A market's fee schedule, served from memory like the settings (docs/trading.md, Fees): every
   * order and close needs it and only an operator's edit changes it, which reloads it.
   */
  async feeRow(market: string, db: Database | Transaction = this.db): Promise<FeeRow> {
    const cached = this.#fees.get(market);
    if (cached) return cached;
    // Inside a transaction the read goes through it: the embedded database has one connection.
    const [found] = await db
      .select({ row: tradeFeeSchedules, decimals: currencies.decimals })
      .from(tradeFeeSchedules)
      .leftJoin(currencies, eq(currencies.code, tradeFeeSchedules.currency))
      .where(eq(tradeFeeSchedules.market, market));
    if (!found) throw new AppError('TRADE_FEE_SCHEDULE_NOT_FOUND');
    // Fees land in the currency's minor units: whole yen in Tokyo.
    const row = { ...found.row, decimals: found.decimals ?? 2 };
    this.#fees.set(market, row);
    return row;
  }

  /** After an operator's edit of the fee schedules: the next read loads them again. */
  forgetFees() {
    this.#fees.clear();
  }

  async vipLevel(userId: number, db: Database | Transaction = this.db): Promise<number> {
    const [row] = await db.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, userId));
    return row?.vipLevel ?? 0;
  }

  /** The VIP levels of several members in one query (the engine's batches). */
  async vipLevels(userIds: number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ id: users.id, vipLevel: users.vipLevel })
      .from(users)
      .where(inArray(users.id, userIds));
    return new Map(rows.map((row) => [row.id, row.vipLevel]));
  }

  async available(userId: number, currency: string, db: Database | Transaction = this.db): Promise<Money> {
    const result = await db.execute<{ available: string }>(
      sql`select available from balances where user_id = ${userId} and currency = ${currency}`,
    );
    const row = (result as unknown as { rows: { available: string }[] }).rows[0];
    return new Money(row?.available ?? 0);
  }

  /** Tells the engine (after the commit) what changed in the book. */
  notify(order: OrderRow | null, position: PositionRow | null) {
    if (order) this.listener?.orderChanged(order);
    if (position) this.listener?.positionChanged(position);
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
