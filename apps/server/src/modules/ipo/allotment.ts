import { ipoResultReasons, ipoSubscriptionStatuses } from '@soar/contract';
import { and, asc, eq, gt, isNotNull, isNull, lte, min, or } from 'drizzle-orm';
import { type AuditRecord, recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { ipoOffers, ipoSubscriptions } from '../../db/schema/index.ts';
import type { Job } from '../../jobs/runner.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import { drawLots } from './lottery.ts';
import { issuePrice, lotsOffered, type OfferRow, type SubscriptionRow } from './views.ts';

type Actor = Pick<AuditRecord, 'operatorId' | 'ip'>;
type Result = { lots: number; reason: string | null };

/**
 * Who gets what (docs/ipo.md, Allotment): applications left to reconfirm get nothing; those an
 * operator allotted by hand keep it; the lottery draws the lots left among the rest.
 */
export function allotmentResults(offer: OfferRow, applications: SubscriptionRow[]): Map<number, Result> {
  const results = new Map<number, Result>();
  const drawn: { id: number; lots: number }[] = [];
  let manualLots = 0;
  for (const application of applications) {
    if (application.needsReconfirm) {
      results.set(application.id, { lots: 0, reason: ipoResultReasons.notReconfirmed });
    } else if (application.manual) {
      const lots = application.allottedLots ?? 0;
      manualLots += lots;
      results.set(application.id, { lots, reason: lots === 0 ? ipoResultReasons.manual : null });
    } else {
      drawn.push({ id: application.id, lots: application.lots });
    }
  }
  const won = drawLots(offer.seed, drawn, Math.max(0, lotsOffered(offer) - manualLots));
  for (const { id } of drawn) {
    const lots = won.get(id) ?? 0;
    results.set(id, { lots, reason: lots === 0 ? ipoResultReasons.lottery : null });
  }
  return results;
}

/**
 * Settles one application: its whole freeze leaves `frozen`; the allotted shares at the issue price
 * go to `ipo_escrow`, the fee (only with an allotment) to `fees`, the rest back to `available`.
 */
async function settle(
  book: Book,
  offer: OfferRow,
  application: SubscriptionRow,
  result: Result,
  price: Money,
  now: Date,
) {
  const quantity = result.lots * offer.lotSize;
  const cost = price.times(quantity);
  const fee = result.lots > 0 ? new Money(application.fee) : new Money(0);
  const frozen = new Money(application.frozen);
  const refund = frozen.minus(cost).minus(fee);
  if (refund.isNegative()) throw new Error(`application ${application.id} froze less than it pays`);
  const { userId } = application;
  const currency = offer.currency;
  await book.post({ kind: 'ipo_allot', reference: `ipo:${application.id}`, userId }, [
    { userId, bucket: 'frozen', currency, amount: frozen.neg() },
    { platform: 'ipo_escrow', currency, amount: cost },
    { platform: 'fees', currency, amount: fee },
    { userId, bucket: 'available', currency, amount: refund },
  ]);
  await book.tx
    .update(ipoSubscriptions)
    .set({
      status: result.lots > 0 ? ipoSubscriptionStatuses.allotted : ipoSubscriptionStatuses.notAllotted,
      allottedLots: result.lots,
      paid: moneyString(cost.plus(fee)),
      refund: moneyString(refund),
      reason: result.reason,
      allottedAt: now,
      updatedAt: now,
    })
    .where(eq(ipoSubscriptions.id, application.id));
  const params = {
    symbol: offer.symbol,
    name: offer.name,
    currency,
    quantity,
    price: moneyString(price),
    paid: moneyString(cost.plus(fee)),
    refund: moneyString(refund),
  };
  await sendNotice(book, {
    userId,
    kind: result.lots > 0 ? 'ipoAllotted' : 'ipoNotAllotted',
    params,
    reference: `ipo:${application.id}`,
  });
}

/**
 * Runs an offer's allotment in one transaction: the offer row is locked first (subscribers share
 * that lock, so none is halfway in), then its applications; balances are posted in user order, the
 * ledger's locking order. Early (by an operator) it closes the window at `now`.
 */
export async function allotOffer(ledger: Ledger, offerId: number, now: Date, actor?: Actor): Promise<OfferRow> {
  return ledger.transaction(async (book) => {
    const [offer] = await book.tx.select().from(ipoOffers).where(eq(ipoOffers.id, offerId)).for('update');
    if (!offer) throw new AppError('IPO_NOT_FOUND');
    if (offer.allottedAt) throw new AppError('IPO_ALREADY_ALLOTTED');
    const price = issuePrice(offer);
    if (!price) throw new AppError('IPO_NOT_PRICED');
    if (now < offer.startTime) throw new AppError('IPO_NOT_OPEN');
    const applications = await book.tx
      .select()
      .from(ipoSubscriptions)
      .where(
        and(
          eq(ipoSubscriptions.offerId, offerId),
          isNull(ipoSubscriptions.cancelledAt),
          eq(ipoSubscriptions.status, ipoSubscriptionStatuses.awaiting),
        ),
      )
      .orderBy(asc(ipoSubscriptions.id))
      .for('update');
    const results = allotmentResults(offer, applications);
    const byUser = [...applications].sort((a, b) => a.userId - b.userId || a.id - b.id);
    let allotted = 0;
    for (const application of byUser) {
      const result = results.get(application.id) ?? { lots: 0, reason: ipoResultReasons.lottery };
      allotted += result.lots;
      await settle(book, offer, application, result, price, now);
    }
    const [row] = await book.tx
      .update(ipoOffers)
      .set({
        allottedAt: now,
        allottedLots: allotted,
        ...(now < offer.endTime ? { endTime: now } : {}),
        ...(now < offer.allotmentTime ? { allotmentTime: now } : {}),
      })
      .where(eq(ipoOffers.id, offerId))
      .returning();
    if (!row) throw new Error('update returned no offer');
    if (actor) {
      await recordAudit(book.tx, {
        ...actor,
        action: 'ipo.allot',
        entity: 'ipo_offer',
        entityId: offerId,
        before: { allottedAt: null, endTime: offer.endTime.toISOString() },
        after: { allottedAt: now.toISOString(), allottedLots: allotted, applications: applications.length },
      });
    }
    return row;
  });
}

export const ipoAllotJobName = 'ipo.allot';

/** Offers due for their lottery: past the allotment time, not allotted, priced (or at a fixed price). */
async function dueOffers(db: Database, now: Date) {
  return db
    .select({ id: ipoOffers.id })
    .from(ipoOffers)
    .where(
      and(
        isNull(ipoOffers.allottedAt),
        lte(ipoOffers.allotmentTime, now),
        or(isNotNull(ipoOffers.finalPrice), eq(ipoOffers.priceMin, ipoOffers.priceMax)),
      ),
    )
    .orderBy(asc(ipoOffers.allotmentTime), asc(ipoOffers.id));
}

/**
 * The next allotment the job will run: an offer due now (priced, past its time), else the earliest
 * allotment time still ahead (an offer must be priced by then to be allotted).
 */
async function nextAllotment(db: Database, now: Date): Promise<Date | undefined> {
  if ((await dueOffers(db, now)).length > 0) return now;
  const [row] = await db
    .select({ at: min(ipoOffers.allotmentTime) })
    .from(ipoOffers)
    .where(and(isNull(ipoOffers.allottedAt), gt(ipoOffers.allotmentTime, now)));
  return row?.at ?? undefined;
}

/**
 * `ipo.allot`: one period per offer (`ipo:7`), due at its allotment time. An offer an operator
 * allotted early is no longer due; one allotted between the look and the run counts as done.
 */
export function ipoAllotJob(deps: { db: Database; ledger: Ledger }): Job {
  return {
    name: ipoAllotJobName,
    async periods(now) {
      return (await dueOffers(deps.db, now)).map((offer) => `ipo:${offer.id}`);
    },
    next: (now) => nextAllotment(deps.db, now),
    async run({ now, period }) {
      const id = Number(period.slice('ipo:'.length));
      try {
        await allotOffer(deps.ledger, id, now);
        return 1;
      } catch (error) {
        if (error instanceof AppError && error.code === 'IPO_ALREADY_ALLOTTED') return 0;
        throw error;
      }
    },
  };
}
