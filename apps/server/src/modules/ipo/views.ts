import {
  type IpoOffer,
  type IpoOfferState,
  type IpoSubscription,
  ipoOfferStates,
  type LanguageKey,
} from '@soar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { ipoOffers, type ipoSubscriptions } from '../../db/schema/index.ts';
import { Money, moneyString } from '../../lib/decimal.ts';
import { translated } from '../../lib/translations.ts';

export type OfferRow = typeof ipoOffers.$inferSelect;
export type SubscriptionRow = typeof ipoSubscriptions.$inferSelect;
export type OfferStats = { applications: number; subscribedLots: number };

/** Listed, allotted, or by the clock: before the window upcoming, in it open, after it closed. */
export function offerState(offer: OfferRow, now: Date): IpoOfferState {
  if (offer.listedAt) return ipoOfferStates.listed;
  if (offer.allottedAt) return ipoOfferStates.allotted;
  if (now < offer.startTime) return ipoOfferStates.upcoming;
  if (now < offer.endTime) return ipoOfferStates.open;
  return ipoOfferStates.closed;
}

/** The same rule in SQL as a sort key: 0 open, 1 upcoming, 2 closed or allotted, 3 listed. */
export function offerStateOrder(now: Date): SQL<number> {
  const at = now.toISOString();
  return sql<number>`(case when ${ipoOffers.listedAt} is not null then 3
    when ${ipoOffers.allottedAt} is not null or ${at}::timestamptz >= ${ipoOffers.endTime} then 2
    when ${at}::timestamptz < ${ipoOffers.startTime} then 1 else 0 end)`;
}
export const offerStateRank = { open: 0, upcoming: 1, closed: 2, listed: 3 } as const;

/** What a new subscription freezes per share: the final price once priced, else the top of the range. */
export function subscriptionPrice(offer: OfferRow): Money {
  return new Money(offer.finalPrice ?? offer.priceMax);
}

/** The issue price: the final price, or the only price of a fixed-price offer; null for an unpriced range. */
export function issuePrice(offer: OfferRow): Money | null {
  if (offer.finalPrice !== null) return new Money(offer.finalPrice);
  return new Money(offer.priceMin).eq(offer.priceMax) ? new Money(offer.priceMax) : null;
}

/** Lots x lot size x price + fee: what a subscription holds frozen. */
export function frozenFor(offer: OfferRow, lots: number, price: Money): Money {
  return price.times(lots).times(offer.lotSize).plus(offer.fee);
}

/**
 * Whether a subscription frozen at `price` must be reconfirmed (docs/ipo.md, Pricing): the final
 * price is outside the range and not the price it was confirmed at, or above what it froze.
 */
export function mustReconfirm(offer: OfferRow, price: Money | string): boolean {
  if (offer.finalPrice === null) return false;
  const final = new Money(offer.finalPrice);
  const outside = final.lt(offer.priceMin) || final.gt(offer.priceMax);
  return final.gt(price) || (outside && !final.eq(price));
}

export function lotsOffered(offer: Pick<OfferRow, 'sharesOffered' | 'lotSize'>): number {
  return Math.floor(offer.sharesOffered / offer.lotSize);
}

/** The description in `lang` when written in it, else English (`fallback` when there is English to fall back on). */
function description(offer: OfferRow, lang: LanguageKey) {
  const english = { description: offer.description };
  const { text, language, fallback } = translated(english, offer.translations, lang);
  return { description: text.description, language, fallback: fallback && offer.description !== '' };
}

export function offerView(offer: OfferRow, stats: OfferStats, now: Date, lang: LanguageKey = 'en'): IpoOffer {
  const issue = issuePrice(offer) ?? new Money(offer.priceMax);
  const revealed = offer.allottedAt !== null;
  return {
    id: offer.id,
    symbol: offer.symbol,
    name: offer.name,
    market: offer.market,
    currency: offer.currency,
    ...description(offer, lang),
    lotSize: offer.lotSize,
    minLots: offer.minLots,
    maxLots: offer.maxLots,
    sharesOffered: offer.sharesOffered,
    priceMin: moneyString(offer.priceMin),
    priceMax: moneyString(offer.priceMax),
    finalPrice: offer.finalPrice === null ? null : moneyString(offer.finalPrice),
    subscriptionPrice: moneyString(subscriptionPrice(offer)),
    issueAmount: moneyString(issue.times(offer.sharesOffered)),
    fee: moneyString(offer.fee),
    startTime: offer.startTime.toISOString(),
    endTime: offer.endTime.toISOString(),
    allotmentTime: offer.allotmentTime.toISOString(),
    listingTime: offer.listingTime.toISOString(),
    state: offerState(offer, now),
    seedHash: offer.seedHash,
    seed: revealed ? offer.seed : null,
    applications: stats.applications,
    subscribedLots: stats.subscribedLots,
    allottedLots: offer.allottedLots,
    allottedAt: offer.allottedAt?.toISOString() ?? null,
    listedAt: offer.listedAt?.toISOString() ?? null,
  };
}

export function subscriptionView(subscription: SubscriptionRow, offer: OfferRow): IpoSubscription {
  const issue = issuePrice(offer);
  const allottedQuantity = subscription.allottedLots === null ? null : subscription.allottedLots * offer.lotSize;
  return {
    id: subscription.id,
    offerId: offer.id,
    symbol: offer.symbol,
    name: offer.name,
    currency: offer.currency,
    lots: subscription.lots,
    quantity: subscription.lots * offer.lotSize,
    price: moneyString(subscription.price),
    fee: moneyString(subscription.fee),
    amount: moneyString(new Money(subscription.price).times(subscription.lots * offer.lotSize).plus(subscription.fee)),
    status: subscription.status,
    needsReconfirm: subscription.needsReconfirm,
    issuePrice: issue === null ? null : moneyString(issue),
    issueAmount: moneyString((issue ?? new Money(offer.priceMax)).times(offer.sharesOffered)),
    sharesOffered: offer.sharesOffered,
    allottedLots: subscription.allottedLots,
    allottedQuantity,
    paid: subscription.paid === null ? null : moneyString(subscription.paid),
    refund: subscription.refund === null ? null : moneyString(subscription.refund),
    reason: subscription.reason as IpoSubscription['reason'],
    subscribedAt: subscription.createdAt.toISOString(),
    auditTime: subscription.allottedAt?.toISOString() ?? null,
    endTime: offer.endTime.toISOString(),
    listingTime: offer.listingTime.toISOString(),
  };
}
