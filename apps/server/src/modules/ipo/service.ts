import { ipoOfferStates, ipoSubscriptionStatuses, type LanguageKey } from '@soar/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { IdempotencyClaim } from '../../core/idempotency.ts';
import { verifyPayPassword } from '../../core/pay-password.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { ipoOffers, ipoSubscriptions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import {
  frozenFor,
  lotsOffered,
  type OfferRow,
  type OfferStats,
  offerState,
  offerStateOrder,
  offerStateRank,
  offerView,
  type SubscriptionRow,
  subscriptionPrice,
  subscriptionView,
} from './views.ts';

export type IpoDeps = { db: Database; ledger: Ledger; clock: () => number };

const live = isNull(ipoSubscriptions.cancelledAt);

/** Applications and lots asked per offer (cancelled applications left out), in one query. */
export async function offerStats(db: Database | Transaction, offerIds: number[]) {
  if (offerIds.length === 0) return new Map<number, OfferStats>();
  const rows = await db
    .select({
      offerId: ipoSubscriptions.offerId,
      applications: count(),
      subscribedLots: sql<number>`coalesce(sum(${ipoSubscriptions.lots}), 0)::int`,
    })
    .from(ipoSubscriptions)
    .where(and(inArray(ipoSubscriptions.offerId, offerIds), live))
    .groupBy(ipoSubscriptions.offerId);
  return new Map(
    rows.map((row) => [row.offerId, { applications: row.applications, subscribedLots: row.subscribedLots }]),
  );
}

/**
 * The freeze and its reversals are between the member's own buckets (docs/ipo.md, Money). No
 * difference moves nothing: a change to the same lots, or a reconfirmation at the same price,
 * writes no entry.
 */
async function freeze(
  book: Book,
  kind: string,
  subscription: { id: number; userId: number },
  currency: string,
  amount: Money,
) {
  if (amount.isZero()) return;
  await book.post({ kind, reference: `ipo:${subscription.id}`, userId: subscription.userId }, [
    { userId: subscription.userId, bucket: 'available', currency, amount: amount.neg() },
    { userId: subscription.userId, bucket: 'frozen', currency, amount },
  ]);
}

/** IPOs for members and visitors: offers, subscribing, changing, cancelling, reconfirming. */
export class IpoService {
  constructor(private readonly deps: IpoDeps) {}

  private get db() {
    return this.deps.db;
  }

  now(): Date {
    return new Date(this.deps.clock());
  }

  async views(rows: OfferRow[], db: Database | Transaction = this.db, lang: LanguageKey = 'en') {
    const now = this.now();
    const stats = await offerStats(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => offerView(row, stats.get(row.id) ?? { applications: 0, subscribedLots: 0 }, now, lang));
  }

  /** Open first, then upcoming, closed (allotted too) and listed; within each by window. */
  async list(query: PageQuery & { state?: 'upcoming' | 'open' | 'closed' | 'listed' }, lang: LanguageKey = 'en') {
    const order = offerStateOrder(this.now());
    const where: SQL | undefined = query.state ? sql`${order} = ${offerStateRank[query.state]}` : undefined;
    const page = await paginate(
      query,
      this.db
        .select()
        .from(ipoOffers)
        .where(where)
        .orderBy(order, desc(ipoOffers.startTime), asc(ipoOffers.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(ipoOffers).where(where),
      (row) => row,
    );
    return { ...page, list: await this.views(page.list, this.db, lang) };
  }

  async offer(id: number, db: Database | Transaction = this.db): Promise<OfferRow> {
    const [row] = await db.select().from(ipoOffers).where(eq(ipoOffers.id, id));
    if (!row) throw new AppError('IPO_NOT_FOUND');
    return row;
  }

  async detail(id: number, lang: LanguageKey = 'en') {
    const [view] = await this.views([await this.offer(id)], this.db, lang);
    if (!view) throw new AppError('IPO_NOT_FOUND');
    return view;
  }

  /** The revealed seed and every application of an allotted offer (docs/ipo.md). */
  async allotment(id: number) {
    const offer = await this.offer(id);
    if (!offer.allottedAt) throw new AppError('IPO_NOT_FOUND');
    const rows = await this.db
      .select()
      .from(ipoSubscriptions)
      .where(and(eq(ipoSubscriptions.offerId, id), live))
      .orderBy(asc(ipoSubscriptions.id));
    const inLottery = (row: SubscriptionRow) => !row.manual && row.reason !== 'notReconfirmed';
    const manualLots = rows.filter((row) => row.manual).reduce((sum, row) => sum + (row.allottedLots ?? 0), 0);
    return {
      offerId: id,
      seed: offer.seed,
      seedHash: offer.seedHash,
      lotsOffered: lotsOffered(offer),
      lotsDrawn: Math.max(0, lotsOffered(offer) - manualLots),
      list: rows.map((row) => ({
        subscriptionId: row.id,
        lots: row.lots,
        inLottery: inLottery(row),
        allottedLots: row.allottedLots ?? 0,
      })),
    };
  }

  private assertOpen(offer: OfferRow, now: Date) {
    if (offerState(offer, now) !== ipoOfferStates.open) throw new AppError('IPO_NOT_OPEN');
  }

  private assertLots(offer: OfferRow, lots: number) {
    if (lots < offer.minLots || lots > offer.maxLots) {
      throw new AppError('IPO_LOTS_OUT_OF_RANGE', undefined, { min: offer.minLots, max: offer.maxLots });
    }
  }

  /**
   * Freezes lots x lot size x the subscription price + the fee (`ipo_subscribe`) in one
   * transaction that first shares the offer's row lock (an allotment waits for it, and it for an
   * allotment); one live application per member and offer, held by a unique index.
   */
  async subscribe(
    userId: number,
    body: { offerId: number; lots: number; payPassword: string },
    claim?: IdempotencyClaim,
  ) {
    const now = this.now();
    const offer = await this.offer(body.offerId);
    this.assertOpen(offer, now);
    this.assertLots(offer, body.lots);
    await verifyPayPassword(this.db, userId, body.payPassword);
    return this.place(userId, body.offerId, body.lots, claim);
  }

  /** The money part of `subscribe` once its rules and the pay password are checked (the demo seed starts here). */
  async place(userId: number, offerId: number, lots: number, claim?: IdempotencyClaim) {
    const now = this.now();
    return this.deps.ledger.transaction(async (book) => {
      const [offer] = await book.tx.select().from(ipoOffers).where(eq(ipoOffers.id, offerId)).for('share');
      if (!offer) throw new AppError('IPO_NOT_FOUND');
      this.assertOpen(offer, now);
      this.assertLots(offer, lots);
      const price = subscriptionPrice(offer);
      const frozen = frozenFor(offer, lots, price);
      const [row] = await book.tx
        .insert(ipoSubscriptions)
        .values({
          offerId,
          userId,
          lots,
          price: moneyString(price),
          fee: offer.fee,
          frozen: moneyString(frozen),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('IPO_ALREADY_SUBSCRIBED');
      await freeze(book, 'ipo_subscribe', row, offer.currency, frozen);
      return subscriptionView(row, offer);
    }, claim);
  }

  /** Locks the offer (shared) then the member's own live application, as every change does. */
  private async lockOwn(tx: Transaction, userId: number, id: number) {
    const [found] = await tx
      .select({ offerId: ipoSubscriptions.offerId })
      .from(ipoSubscriptions)
      .where(and(eq(ipoSubscriptions.id, id), eq(ipoSubscriptions.userId, userId), live));
    if (!found) throw new AppError('IPO_SUBSCRIPTION_NOT_FOUND');
    const [offer] = await tx.select().from(ipoOffers).where(eq(ipoOffers.id, found.offerId)).for('share');
    const [subscription] = await tx
      .select()
      .from(ipoSubscriptions)
      .where(and(eq(ipoSubscriptions.id, id), live))
      .for('update');
    if (!offer || !subscription) throw new AppError('IPO_SUBSCRIPTION_NOT_FOUND');
    return { offer, subscription };
  }

  /**
   * Re-freezes the application at the new lots and today's subscription price: the difference
   * moves between available and frozen (`ipo_change`); only while the window is open.
   */
  async update(userId: number, body: { id: number; lots: number; payPassword: string }, claim?: IdempotencyClaim) {
    await verifyPayPassword(this.db, userId, body.payPassword);
    const now = this.now();
    return this.deps.ledger.transaction(async (book) => {
      const { offer, subscription } = await this.lockOwn(book.tx, userId, body.id);
      if (offerState(offer, now) !== ipoOfferStates.open) throw new AppError('IPO_SUBSCRIPTION_CLOSED');
      this.assertLots(offer, body.lots);
      const price = subscriptionPrice(offer);
      const frozen = frozenFor(offer, body.lots, price);
      const [row] = await book.tx
        .update(ipoSubscriptions)
        .set({
          lots: body.lots,
          price: moneyString(price),
          fee: offer.fee,
          frozen: moneyString(frozen),
          needsReconfirm: false,
          updatedAt: now,
        })
        .where(eq(ipoSubscriptions.id, subscription.id))
        .returning();
      if (!row) throw new Error('update returned no subscription');
      await freeze(book, 'ipo_change', row, offer.currency, frozen.minus(subscription.frozen));
      return subscriptionView(row, offer);
    }, claim);
  }

  /** Returns everything frozen for the application (`ipo_cancel`); only while the window is open. */
  async cancel(userId: number, id: number, claim?: IdempotencyClaim) {
    const now = this.now();
    return this.deps.ledger.transaction(async (book) => {
      const { offer, subscription } = await this.lockOwn(book.tx, userId, id);
      if (offerState(offer, now) !== ipoOfferStates.open) throw new AppError('IPO_SUBSCRIPTION_CLOSED');
      await book.tx
        .update(ipoSubscriptions)
        .set({ cancelledAt: now, updatedAt: now })
        .where(eq(ipoSubscriptions.id, subscription.id));
      const refund = new Money(subscription.frozen);
      await freeze(book, 'ipo_cancel', subscription, offer.currency, refund.neg());
      return { id: subscription.id, refund: moneyString(refund) };
    }, claim);
  }

  /**
   * Keeps an application after a final price outside the range (docs/ipo.md, Pricing): it is
   * re-frozen at the final price (`ipo_reconfirm`, either way) until the allotment.
   */
  async reconfirm(userId: number, body: { id: number; payPassword: string }, claim?: IdempotencyClaim) {
    await verifyPayPassword(this.db, userId, body.payPassword);
    return this.deps.ledger.transaction(async (book) => {
      const { offer, subscription } = await this.lockOwn(book.tx, userId, body.id);
      if (offer.allottedAt || subscription.status !== ipoSubscriptionStatuses.awaiting) {
        throw new AppError('IPO_SUBSCRIPTION_CLOSED');
      }
      if (!subscription.needsReconfirm || offer.finalPrice === null) throw new AppError('IPO_NOTHING_TO_RECONFIRM');
      const price = new Money(offer.finalPrice);
      const frozen = frozenFor(offer, subscription.lots, price);
      const [row] = await book.tx
        .update(ipoSubscriptions)
        .set({
          price: moneyString(price),
          fee: offer.fee,
          frozen: moneyString(frozen),
          needsReconfirm: false,
          updatedAt: this.now(),
        })
        .where(eq(ipoSubscriptions.id, subscription.id))
        .returning();
      if (!row) throw new Error('update returned no subscription');
      await freeze(book, 'ipo_reconfirm', row, offer.currency, frozen.minus(subscription.frozen));
      return subscriptionView(row, offer);
    }, claim);
  }

  /** My live applications, newest first. */
  async subscriptions(userId: number, query: PageQuery & { status?: number; offerId?: number }) {
    const where = and(
      eq(ipoSubscriptions.userId, userId),
      live,
      query.status === undefined ? undefined : eq(ipoSubscriptions.status, query.status),
      query.offerId === undefined ? undefined : eq(ipoSubscriptions.offerId, query.offerId),
    );
    return paginate(
      query,
      this.db
        .select({ subscription: ipoSubscriptions, offer: ipoOffers })
        .from(ipoSubscriptions)
        .innerJoin(ipoOffers, eq(ipoOffers.id, ipoSubscriptions.offerId))
        .where(where)
        .orderBy(desc(ipoSubscriptions.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(ipoSubscriptions).where(where),
      ({ subscription, offer }) => subscriptionView(subscription, offer),
    );
  }
}
