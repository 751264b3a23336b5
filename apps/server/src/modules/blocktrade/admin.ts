import { type BlockOfferStatus, type blockOfferBody, blockOfferStatuses, orderStatuses } from '@soar/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit.ts';
import type { Transaction } from '../../db/client.ts';
import { blocktradeOffers, tradeOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import { type BlocktradeService, type OfferRow, offerStatus } from './service.ts';

type OfferInput = z.output<typeof blockOfferBody>;
type Db = Transaction | BlocktradeService['db'];

/** Operators publish, change and close block offers; every change is audited (docs/blocktrade.md). */
export class BlocktradeAdmin {
  constructor(private readonly service: BlocktradeService) {}

  private async view(db: Db, row: OfferRow) {
    const [view] = await this.service.views([row], db);
    if (!view) throw new Error('no view of an offer');
    const [stats] = await db
      .select({
        pendingOrders: sql<number>`count(*) filter (where ${tradeOrders.status} = ${orderStatuses.pending})::int`,
        passedQuantity: sql<number>`coalesce(sum(${tradeOrders.quantity}) filter (where ${tradeOrders.status} = ${orderStatuses.filled}), 0)::int`,
      })
      .from(tradeOrders)
      .where(eq(tradeOrders.blockOfferId, row.id));
    return {
      ...view,
      closedAt: row.closedAt?.toISOString() ?? null,
      pendingOrders: stats?.pendingOrders ?? 0,
      passedQuantity: stats?.passedQuantity ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(query: PageQuery & { status?: BlockOfferStatus }) {
    const db = this.service.db;
    const now = this.service.now();
    const closed = sql`(${blocktradeOffers.closedAt} is not null or ${blocktradeOffers.closesAt} <= ${now})`;
    const where =
      query.status === blockOfferStatuses.closed
        ? closed
        : query.status === blockOfferStatuses.scheduled
          ? and(sql`not ${closed}`, sql`${blocktradeOffers.opensAt} > ${now}`)
          : query.status === blockOfferStatuses.open
            ? and(sql`not ${closed}`, sql`${blocktradeOffers.opensAt} <= ${now}`)
            : undefined;
    const page = await paginate(
      query,
      db.select().from(blocktradeOffers).where(where).orderBy(desc(blocktradeOffers.id)).$dynamic(),
      db.select({ total: count() }).from(blocktradeOffers).where(where),
      (row) => row,
    );
    return { ...page, list: await Promise.all(page.list.map((row) => this.view(db, row))) };
  }

  /** Checks a whole offer: a stock that trades here, exactly one of price and discount, lots, window. */
  private checked(input: OfferInput, ordered: number) {
    const instrument = this.instrumentOf(input.symbol);
    if (((input.price ?? null) === null) === ((input.discount ?? null) === null)) {
      throw new AppError('BLOCKTRADE_OFFER_INVALID', 'blocktrade.invalid.priceOrDiscount');
    }
    if (input.maxQuantity < input.minQuantity || input.maxQuantity < ordered) {
      throw new AppError('BLOCKTRADE_OFFER_INVALID', 'blocktrade.invalid.quantities', { ordered });
    }
    if (input.minQuantity % instrument.lotSize !== 0 || input.maxQuantity % instrument.lotSize !== 0) {
      throw new AppError('BLOCKTRADE_OFFER_INVALID', 'blocktrade.invalid.lot', { lot: instrument.lotSize });
    }
    const opensAt = new Date(input.opensAt);
    const closesAt = new Date(input.closesAt);
    if (!(closesAt > opensAt)) throw new AppError('BLOCKTRADE_OFFER_INVALID', 'blocktrade.invalid.times');
    return {
      symbol: instrument.symbol,
      market: instrument.market,
      currency: instrument.currency,
      price: input.price ?? null,
      discount: input.discount ?? null,
      minQuantity: input.minQuantity,
      maxQuantity: input.maxQuantity,
      opensAt,
      closesAt,
    };
  }

  private instrumentOf(symbol: string) {
    try {
      return this.service.instrument(symbol);
    } catch {
      throw new AppError('BLOCKTRADE_OFFER_INVALID', 'blocktrade.invalid.symbol', { symbol });
    }
  }

  async create(actor: Actor, input: OfferInput, code?: string) {
    return this.service.db.transaction(async (tx) => {
      const values = this.checked(input, 0);
      const [row] = await tx
        .insert(blocktradeOffers)
        .values({ ...values, code })
        .returning();
      if (!row) throw new Error('insert returned no offer');
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...this.who(actor),
        action: 'blocktrade.create',
        entity: 'blocktrade_offer',
        entityId: row.id,
        before: null,
        after,
      });
      return after;
    });
  }

  private who(actor: Actor) {
    return { operatorId: actor.operatorId, ip: actor.ip };
  }

  /** Locks the offer row: orders for it wait, so a lower maximum never falls below what is ordered. */
  private async lock(tx: Transaction, id: number) {
    const [row] = await tx.select().from(blocktradeOffers).where(eq(blocktradeOffers.id, id)).for('update');
    if (!row) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
    if (offerStatus(row, this.service.now()) === blockOfferStatuses.closed) {
      throw new AppError('BLOCKTRADE_OFFER_CLOSED');
    }
    return row;
  }

  /** Orders already placed keep their price; the new terms apply to the next orders. */
  async update(actor: Actor, id: number, input: Partial<OfferInput>) {
    return this.service.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      const before = await this.view(tx, row);
      // Giving a price replaces a discount and the other way round.
      const pricing =
        input.price != null
          ? { price: input.price, discount: null }
          : input.discount != null
            ? { price: null, discount: input.discount }
            : {};
      const merged: OfferInput = {
        symbol: row.symbol,
        price: row.price,
        discount: row.discount,
        minQuantity: row.minQuantity,
        maxQuantity: row.maxQuantity,
        opensAt: row.opensAt.toISOString(),
        closesAt: row.closesAt.toISOString(),
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        ...pricing,
      };
      const values = this.checked(merged, before.orderedQuantity);
      const [updated] = await tx
        .update(blocktradeOffers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(blocktradeOffers.id, id))
        .returning();
      if (!updated) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
      const after = await this.view(tx, updated);
      await recordAudit(tx, {
        ...this.who(actor),
        action: 'blocktrade.update',
        entity: 'blocktrade_offer',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  /** No new orders from now; orders waiting for review stay in the operators' queue. */
  async close(actor: Actor, id: number) {
    return this.service.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      const before = await this.view(tx, row);
      const now = this.service.now();
      const [updated] = await tx
        .update(blocktradeOffers)
        .set({ closedAt: now, updatedAt: now })
        .where(eq(blocktradeOffers.id, id))
        .returning();
      if (!updated) throw new AppError('BLOCKTRADE_OFFER_NOT_FOUND');
      const after = await this.view(tx, updated);
      await recordAudit(tx, {
        ...this.who(actor),
        action: 'blocktrade.close',
        entity: 'blocktrade_offer',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }
}
