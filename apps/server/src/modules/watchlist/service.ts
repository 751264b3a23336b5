import type { Quote } from '@soar/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instruments, watchlistItems } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { QuoteProvider } from '../../market/provider.ts';

/** Each member's own list of instruments; every query is scoped by the member's id. */
export class WatchlistService {
  constructor(
    private readonly db: Database,
    private readonly engine: QuoteProvider,
  ) {}

  #instrumentIds(symbols: string[]): number[] {
    return symbols.map((symbol) => {
      const instrument = this.engine.instrument(symbol);
      if (!instrument) throw new AppError('SYMBOL_NOT_FOUND', undefined, { symbol });
      return instrument.id;
    });
  }

  async list(userId: number): Promise<Quote[]> {
    const rows = await this.db
      .select({ symbol: instruments.symbol })
      .from(watchlistItems)
      .innerJoin(instruments, eq(instruments.id, watchlistItems.instrumentId))
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.sort), asc(watchlistItems.createdAt));
    return this.engine.getQuotes(rows.map((row) => row.symbol));
  }

  /** Adds at the end; adding a watched symbol again changes nothing. */
  async add(userId: number, symbol: string): Promise<void> {
    const [instrumentId] = this.#instrumentIds([symbol]);
    if (instrumentId === undefined) return;
    await this.db
      .insert(watchlistItems)
      .values({
        userId,
        instrumentId,
        sort: sql`(select coalesce(max(${watchlistItems.sort}), -1) + 1 from ${watchlistItems} where ${watchlistItems.userId} = ${userId})`,
      })
      .onConflictDoNothing();
  }

  async remove(userId: number, symbols: string[]): Promise<void> {
    const ids = this.#instrumentIds(symbols);
    await this.db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.userId, userId), inArray(watchlistItems.instrumentId, ids)));
  }

  /** `symbols` in the new order; watched symbols left out keep their place after them. */
  async sort(userId: number, symbols: string[]): Promise<void> {
    const ids = this.#instrumentIds(symbols);
    await this.db.transaction(async (tx) => {
      const current = await tx
        .select({ instrumentId: watchlistItems.instrumentId })
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId))
        .orderBy(asc(watchlistItems.sort), asc(watchlistItems.createdAt));
      const order = [...new Set(ids)].filter((id) => current.some((row) => row.instrumentId === id));
      for (const row of current) if (!order.includes(row.instrumentId)) order.push(row.instrumentId);
      for (const [position, instrumentId] of order.entries()) {
        await tx
          .update(watchlistItems)
          .set({ sort: position })
          .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.instrumentId, instrumentId)));
      }
    });
  }
}
