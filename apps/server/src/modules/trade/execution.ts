import { orderStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { tradeOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import { release } from './amend.ts';
import { BatchRefused, type Execution, fillMany } from './fill-many.ts';
import { fill } from './placement.ts';
import type { OrderRow, PositionRow, TradeService } from './service.ts';

/** Executions of one tick that run at once. */
export const executionConcurrency = 8;
/** The most fills in one transaction: it holds its members' balance rows until it commits. */
const maxBatch = 250;

export type Filled = { order: OrderRow; position: PositionRow | null };

/** What the engine hears of the writes: it tracks what changed and counts. */
export type FillEvents = {
  /** `batched`: written by a batch's one statement, else alone. No position: the order had moved on. */
  filled(result: Filled, batched: boolean): Promise<void>;
  /** The balance could not cover the fill: the order was cancelled and its funds returned. */
  cancelled(order: OrderRow): void;
  /** A fill alone that failed. */
  failed(error: unknown): void;
  /** A batch that failed as a whole (its orders are then filled one by one). */
  batchFailed(error: unknown): void;
};

/**
 * The fills of one tick in a few batches, each batch one transaction. Sorted by member and cut
 * between members (a member with more than `maxBatch` fills spans several), so concurrent
 * batches rarely wait on one balance row and always lock them in the same order (no deadlock).
 */
export function batchesOf(fills: Execution[]): Execution[][] {
  if (fills.length === 0) return [];
  const size = Math.min(maxBatch, Math.ceil(fills.length / executionConcurrency));
  const sorted = [...fills].sort((a, b) => a.order.userId - b.order.userId || a.order.id - b.order.id);
  const batches: Execution[][] = [];
  let batch: Execution[] = [];
  for (const execution of sorted) {
    const last = batch[batch.length - 1];
    if (batch.length >= maxBatch || (batch.length >= size && last && last.order.userId !== execution.order.userId)) {
      batches.push(batch);
      batch = [];
    }
    batch.push(execution);
  }
  batches.push(batch);
  return batches;
}

/** Writes the engine's fills (docs/trading.md, Engine): a batch in one statement, or one alone. */
export class FillWriter {
  constructor(
    private readonly trade: TradeService,
    private readonly ledger: Ledger,
    private readonly events: FillEvents,
  ) {}

  /**
   * Fills a batch in one ledger transaction with one statement (`fillMany`).
   * Should a member's balance not cover their fills (a price that ran past what was frozen), the
   * batch is undone, the others' fills run again as a batch and that member's orders one by one,
   * so only the order that cannot be covered is cancelled. Any other failure: each order alone.
   */
  async batch(batch: Execution[], levels?: Map<number, number>): Promise<void> {
    if (batch.length === 0) return;
    if (batch.length === 1 && batch[0]) return this.one(batch[0]);
    const now = this.trade.now();
    const vips = levels ?? (await this.vipLevels(batch));
    let results: Filled[];
    try {
      results = await this.ledger.transaction((book) => fillMany(this.trade, book, batch, now, vips));
    } catch (error) {
      if (error instanceof BatchRefused) {
        const refused = new Set(error.userIds);
        await this.batch(batch.filter(({ order }) => !refused.has(order.userId)));
        for (const execution of batch) {
          if (refused.has(execution.order.userId)) await this.#alone(execution);
        }
        return;
      }
      // Not a refusal (the statement failed): said, then each order alone, so no fill is lost.
      this.events.batchFailed(error);
      for (const execution of batch) await this.#alone(execution);
      return;
    }
    for (const result of results) await this.events.filled(result, true);
  }

  /**
   * The VIP levels of the members of `fills`, read once for a tick's batches: each batch asking on
   * its own waited for a connection behind the other batches' statements.
   */
  vipLevels(fills: Execution[]): Promise<Map<number, number>> {
    return this.trade.vipLevels([...new Set(fills.map(({ order }) => order.userId))]);
  }

  /** One fill in its own transaction; cancelled, funds back, when the balance cannot cover it. */
  async one({ order, instrument, price, reason }: Execution): Promise<void> {
    const now = this.trade.now();
    try {
      const result = await this.ledger.transaction((book) =>
        fill(this.trade, book, order, instrument, price, reason, now),
      );
      await this.events.filled(result, false);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'TRADE_INSUFFICIENT_FUNDS') throw error;
      // The price moved past what was frozen and the balance cannot cover it: the order is
      // cancelled and its funds return (docs/trading.md, Funds).
      const cancelled = await this.ledger.transaction((book) =>
        release(this.trade, book, eq(tradeOrders.id, order.id), orderStatuses.cancelled, now, {
          refuseReason: 'insufficient funds at the fill',
        }),
      );
      if (cancelled) this.events.cancelled(cancelled);
    }
  }

  async #alone(execution: Execution): Promise<void> {
    try {
      await this.one(execution);
    } catch (error) {
      this.events.failed(error);
    }
  }
}
