import { type ipoOfferBody, ipoSubscriptionStatuses } from '@soar/contract';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditRecord, recordAudit } from '../../core/audit.ts';
import { currencyRates } from '../../core/currency.ts';
import { type QueueSearch, queueConditions } from '../../core/queue.ts';
import type { Transaction } from '../../db/client.ts';
import { instruments, ipoOffers, ipoSubscriptions, markets, users } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { allTranslations, splitTranslations } from '../../lib/translations.ts';
import { sendNotice } from '../notice/index.ts';
import { allotOffer } from './allotment.ts';
import { newSeed, seedHash } from './lottery.ts';
import type { IpoDeps, IpoService } from './service.ts';
import { lotsOffered, mustReconfirm, type OfferRow, subscriptionView } from './views.ts';

type OfferInput = z.output<typeof ipoOfferBody>;
type Actor = Pick<AuditRecord, 'operatorId' | 'ip'>;
type Db = Transaction | IpoDeps['db'];

/** Terms a subscriber applied on: fixed once the offer has a live application. */
const lockedTerms = ['symbol', 'market', 'currency', 'lotSize', 'priceMin', 'priceMax', 'fee'] as const;

/** Operators publish, change, price and allot offers, and allot single applications by hand; all audited. */
export class IpoAdmin {
  constructor(
    private readonly deps: IpoDeps,
    private readonly service: IpoService,
  ) {}

  private async view(db: Db, row: OfferRow) {
    const [view] = await this.service.views([row], db);
    if (!view) throw new Error('no view of an offer');
    const [held] = await db
      .select({ frozen: sql<string>`coalesce(sum(${ipoSubscriptions.frozen}), 0)::text` })
      .from(ipoSubscriptions)
      .where(
        and(
          eq(ipoSubscriptions.offerId, row.id),
          isNull(ipoSubscriptions.cancelledAt),
          eq(ipoSubscriptions.status, ipoSubscriptionStatuses.awaiting),
        ),
      );
    return {
      ...view,
      translations: allTranslations({ description: row.description }, row.translations),
      createdAt: row.createdAt.toISOString(),
      frozen: moneyString(held?.frozen ?? '0'),
    };
  }

  async list(query: PageQuery) {
    const db = this.deps.db;
    const page = await paginate(
      query,
      db.select().from(ipoOffers).orderBy(desc(ipoOffers.id)).$dynamic(),
      db.select({ total: count() }).from(ipoOffers),
      (row) => row,
    );
    return { ...page, list: await Promise.all(page.list.map((row) => this.view(db, row))) };
  }

  /** Checks a whole offer (docs/ipo.md, Offers). */
  private async checked(input: OfferInput, db: Db, id?: number) {
    const [market] = await db.select().from(markets).where(eq(markets.code, input.market));
    if (!market) throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.market', { market: input.market });
    if (!(await currencyRates(db)).get(input.currency)?.enabled) {
      throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.currency', { currency: input.currency });
    }
    if (input.maxLots < input.minLots || input.sharesOffered < input.lotSize) {
      throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.lots');
    }
    if (new Money(input.priceMax).lt(input.priceMin)) throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.prices');
    const startTime = new Date(input.startTime);
    const endTime = new Date(input.endTime);
    const allotmentTime = new Date(input.allotmentTime);
    const listingTime = new Date(input.listingTime);
    if (!(endTime > startTime && allotmentTime >= endTime && listingTime >= allotmentTime)) {
      throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.times');
    }
    const [listed] = await db
      .select({ id: instruments.id })
      .from(instruments)
      .where(eq(instruments.symbol, input.symbol));
    const [taken] = await db
      .select({ id: ipoOffers.id })
      .from(ipoOffers)
      .where(and(eq(ipoOffers.symbol, input.symbol), id === undefined ? undefined : ne(ipoOffers.id, id)));
    if (listed || taken) throw new AppError('IPO_OFFER_INVALID', 'ipo.invalid.symbol', { symbol: input.symbol });
    // `translations` replaces the description in every language; `description` alone is English only
    const { english, others } = input.translations
      ? splitTranslations(input.translations)
      : { english: { description: input.description ?? '' }, others: undefined };
    return {
      symbol: input.symbol,
      name: input.name,
      market: input.market,
      currency: input.currency,
      description: english.description,
      ...(others && { translations: others }),
      lotSize: input.lotSize,
      minLots: input.minLots,
      maxLots: input.maxLots,
      sharesOffered: input.sharesOffered,
      priceMin: input.priceMin,
      priceMax: input.priceMax,
      fee: input.fee,
      startTime,
      endTime,
      allotmentTime,
      listingTime,
    };
  }

  /** The seed is drawn here and only its SHA-256 shows until the results (docs/ipo.md). */
  async create(actor: Actor, input: OfferInput, code?: string) {
    return this.deps.db.transaction(async (tx) => {
      const values = await this.checked(input, tx);
      const seed = newSeed();
      const [row] = await tx
        .insert(ipoOffers)
        .values({ ...values, code, seed, seedHash: seedHash(seed) })
        .returning();
      if (!row) throw new Error('insert returned no offer');
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'ipo.create',
        entity: 'ipo_offer',
        entityId: row.id,
        before: null,
        after,
      });
      return after;
    });
  }

  private async lock(tx: Transaction, id: number) {
    const [row] = await tx.select().from(ipoOffers).where(eq(ipoOffers.id, id)).for('update');
    if (!row) throw new AppError('IPO_NOT_FOUND');
    return row;
  }

  async update(actor: Actor, id: number, input: Partial<OfferInput>) {
    return this.deps.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (before.allottedAt) throw new AppError('IPO_ALREADY_ALLOTTED');
      const current: OfferInput = {
        symbol: before.symbol,
        name: before.name,
        market: before.market,
        currency: before.currency,
        description: before.description,
        lotSize: before.lotSize,
        minLots: before.minLots,
        maxLots: before.maxLots,
        sharesOffered: before.sharesOffered,
        priceMin: moneyString(before.priceMin),
        priceMax: moneyString(before.priceMax),
        fee: moneyString(before.fee),
        startTime: before.startTime.toISOString(),
        endTime: before.endTime.toISOString(),
        allotmentTime: before.allotmentTime.toISOString(),
        listingTime: before.listingTime.toISOString(),
      };
      const merged = { ...current, ...input };
      const changesTerms = lockedTerms.some(
        (key) => input[key] !== undefined && String(merged[key]) !== String(current[key]),
      );
      if (changesTerms) {
        const [held] = await tx
          .select({ n: count() })
          .from(ipoSubscriptions)
          .where(and(eq(ipoSubscriptions.offerId, id), isNull(ipoSubscriptions.cancelledAt)));
        if ((held?.n ?? 0) > 0) throw new AppError('IPO_OFFER_LOCKED');
      }
      const values = await this.checked(merged, tx, id);
      const [row] = await tx.update(ipoOffers).set(values).where(eq(ipoOffers.id, id)).returning();
      if (!row) throw new Error('update returned no offer');
      const beforeView = await this.view(tx, before);
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'ipo.update',
        entity: 'ipo_offer',
        entityId: id,
        before: beforeView,
        after,
      });
      return after;
    });
  }

  /**
   * Sets the final price before the allotment. Applications it leaves short or outside the range
   * must reconfirm (docs/ipo.md, Pricing) and are told so; the others keep their freeze.
   */
  async price(actor: Actor, id: number, finalPrice: string) {
    return this.deps.ledger.transaction(async (book) => {
      const tx = book.tx;
      const before = await this.lock(tx, id);
      if (before.allottedAt) throw new AppError('IPO_ALREADY_ALLOTTED');
      const [row] = await tx.update(ipoOffers).set({ finalPrice }).where(eq(ipoOffers.id, id)).returning();
      if (!row) throw new Error('update returned no offer');
      const applications = await tx
        .select()
        .from(ipoSubscriptions)
        .where(
          and(
            eq(ipoSubscriptions.offerId, id),
            isNull(ipoSubscriptions.cancelledAt),
            eq(ipoSubscriptions.status, ipoSubscriptionStatuses.awaiting),
          ),
        )
        .for('update');
      for (const application of applications) {
        const needs = mustReconfirm(row, application.price);
        if (needs === application.needsReconfirm) continue;
        await tx.update(ipoSubscriptions).set({ needsReconfirm: needs }).where(eq(ipoSubscriptions.id, application.id));
        if (needs) {
          await sendNotice(book, {
            userId: application.userId,
            kind: 'ipoReconfirm',
            params: { symbol: row.symbol, name: row.name, price: moneyString(finalPrice), currency: row.currency },
            reference: `ipo:${application.id}`,
          });
        }
      }
      const after = await this.view(tx, row);
      await recordAudit(tx, {
        ...actor,
        action: 'ipo.price',
        entity: 'ipo_offer',
        entityId: id,
        before: { finalPrice: before.finalPrice === null ? null : moneyString(before.finalPrice) },
        after: { finalPrice: moneyString(finalPrice) },
      });
      return after;
    });
  }

  async allot(actor: Actor, id: number) {
    const row = await allotOffer(this.deps.ledger, id, this.service.now(), actor);
    return this.view(this.deps.db, row);
  }

  async subscriptions(query: PageQuery & QueueSearch & { status?: number; offerId?: number }) {
    const db = this.deps.db;
    const where = and(
      isNull(ipoSubscriptions.cancelledAt),
      queueConditions(query, {
        id: ipoSubscriptions.id,
        userId: ipoSubscriptions.userId,
        amount: ipoSubscriptions.frozen,
        time: ipoSubscriptions.createdAt,
        waiting: eq(ipoSubscriptions.status, ipoSubscriptionStatuses.awaiting),
      }),
      query.status === undefined ? undefined : eq(ipoSubscriptions.status, query.status),
      query.offerId === undefined ? undefined : eq(ipoSubscriptions.offerId, query.offerId),
    );
    return paginate(
      query,
      db
        .select({ subscription: ipoSubscriptions, offer: ipoOffers, uid: users.uid })
        .from(ipoSubscriptions)
        .innerJoin(ipoOffers, eq(ipoOffers.id, ipoSubscriptions.offerId))
        .innerJoin(users, eq(users.id, ipoSubscriptions.userId))
        .where(where)
        .orderBy(desc(ipoSubscriptions.id))
        .$dynamic(),
      db.select({ total: count() }).from(ipoSubscriptions).where(where),
      ({ subscription, offer, uid }) => ({
        ...subscriptionView(subscription, offer),
        userId: subscription.userId,
        uid,
        manual: subscription.manual,
      }),
    );
  }

  /**
   * Allots one application by hand before the lottery (queue `ipo`): recorded now, settled with
   * the rest at the allotment; the lottery draws only the lots left.
   */
  async review(actor: Actor, id: number, allottedLots: number) {
    return this.deps.db.transaction(async (tx) => {
      const [found] = await tx.select().from(ipoSubscriptions).where(eq(ipoSubscriptions.id, id));
      if (!found || found.cancelledAt) throw new AppError('IPO_SUBSCRIPTION_NOT_FOUND');
      const offer = await this.lock(tx, found.offerId);
      if (offer.allottedAt) throw new AppError('IPO_ALREADY_ALLOTTED');
      const [before] = await tx.select().from(ipoSubscriptions).where(eq(ipoSubscriptions.id, id)).for('update');
      if (!before) throw new AppError('IPO_SUBSCRIPTION_NOT_FOUND');
      const [others] = await tx
        .select({ lots: sql<number>`coalesce(sum(${ipoSubscriptions.allottedLots}), 0)::int` })
        .from(ipoSubscriptions)
        .where(
          and(
            eq(ipoSubscriptions.offerId, offer.id),
            eq(ipoSubscriptions.manual, true),
            isNull(ipoSubscriptions.cancelledAt),
            ne(ipoSubscriptions.id, id),
          ),
        );
      // docs/admin.md, Rules: never more than the lots applied for, nor than the offer has left; refused, never cut down.
      const left = Math.max(0, lotsOffered(offer) - (others?.lots ?? 0));
      const max = Math.min(before.lots, left);
      if (allottedLots > max) throw new AppError('IPO_ALLOT_TOO_MANY', undefined, { max, lots: before.lots, left });
      const [row] = await tx
        .update(ipoSubscriptions)
        .set({ manual: true, allottedLots })
        .where(eq(ipoSubscriptions.id, id))
        .returning();
      if (!row) throw new Error('update returned no subscription');
      await recordAudit(tx, {
        ...actor,
        action: 'ipo.review',
        entity: 'ipo_subscription',
        entityId: id,
        userId: row.userId,
        before: { manual: before.manual, allottedLots: before.allottedLots },
        after: { manual: true, allottedLots },
      });
      const [user] = await tx.select({ uid: users.uid }).from(users).where(eq(users.id, row.userId));
      return { ...subscriptionView(row, offer), userId: row.userId, uid: user?.uid ?? '', manual: true };
    });
  }
}
