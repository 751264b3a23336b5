import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, operatorText, textLanguage, isoTime as time, translationsOf } from './fields.ts';
import { decimalString } from './money.ts';
import { queueQuery, queueState } from './review-queue.ts';

/** Failures of IPOs (docs/ipo.md). */
export const ipoErrors = {
  IPO_NOT_FOUND: 404,
  IPO_SUBSCRIPTION_NOT_FOUND: 404,
  IPO_NOT_OPEN: 409,
  IPO_ALREADY_SUBSCRIBED: 409,
  IPO_LOTS_OUT_OF_RANGE: 422,
  IPO_SUBSCRIPTION_CLOSED: 409,
  IPO_NOTHING_TO_RECONFIRM: 409,
  IPO_OFFER_INVALID: 422,
  IPO_OFFER_LOCKED: 409,
  IPO_NOT_PRICED: 409,
  IPO_ALREADY_ALLOTTED: 409,
  IPO_ALLOT_TOO_MANY: 422,
} as const;

/** docs/product.md section 4: a subscription is 0 awaiting allotment, 1 allotted, 2 not allotted, 3 listed. */
export const ipoSubscriptionStatuses = { awaiting: 0, allotted: 1, notAllotted: 2, listed: 3 } as const;
export type IpoSubscriptionStatus = (typeof ipoSubscriptionStatuses)[keyof typeof ipoSubscriptionStatuses];

/**
 * Where an offer stands at the time of the answer: before its window, in it, closed awaiting the
 * allotment, allotted awaiting the listing, listed.
 */
export const ipoOfferStates = {
  upcoming: 'upcoming',
  open: 'open',
  closed: 'closed',
  allotted: 'allotted',
  listed: 'listed',
} as const;
export type IpoOfferState = (typeof ipoOfferStates)[keyof typeof ipoOfferStates];

/** Why a subscription got no shares (or none yet): the lottery, a refused reconfirmation, an operator. */
export const ipoResultReasons = { lottery: 'lottery', notReconfirmed: 'notReconfirmed', manual: 'manual' } as const;

/** A positive price with at most 8 decimals. */
export const ipoPrice = z
  .string({ error: 'validation.amount' })
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.amount' })
  .refine((value) => /[1-9]/.test(value), { error: 'validation.wrongAmount' })
  .describe('a price above 0, as a decimal string');

/** A fee: 0 or more, at most 8 decimals. */
export const ipoFee = z
  .string({ error: 'validation.amount' })
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.amount' })
  .describe('a fee of 0 or more, as a decimal string');

export const ipoOffer = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  description: z.string().describe('in the request’s language when written in it, else English'),
  ...textLanguage,
  lotSize: z.number().int().describe('shares per lot'),
  minLots: z.number().int().describe('the fewest lots one application may ask'),
  maxLots: z.number().int().describe('the most lots one application may ask'),
  sharesOffered: z.number().int().describe('shares issued'),
  priceMin: decimalString.describe('the bottom of the range (equal to priceMax for a fixed price)'),
  priceMax: decimalString.describe('the top of the range: subscriptions freeze at it until pricing'),
  finalPrice: decimalString.nullable().describe('the issue price, once priced'),
  subscriptionPrice: decimalString.describe('the price a new subscription freezes per share'),
  issueAmount: decimalString.describe('shares issued times the issue price (the top of the range until priced)'),
  fee: decimalString.describe('per application, charged only on an allotment'),
  startTime: time.describe('the subscription window opens'),
  endTime: time.describe('the window closes (expiration)'),
  allotmentTime: time.describe('the lottery runs'),
  listingTime: time.describe('the shares start to trade'),
  state: z.enum(['upcoming', 'open', 'closed', 'allotted', 'listed']),
  seedHash: z.string().describe('SHA-256 (hex) of the lottery seed, committed before the window opens'),
  seed: z.string().nullable().describe('the lottery seed (hex), revealed with the results'),
  applications: z.number().int(),
  subscribedLots: z.number().int(),
  allottedLots: z.number().int().nullable(),
  allottedAt: time.nullable(),
  listedAt: time.nullable(),
});
export type IpoOffer = z.infer<typeof ipoOffer>;

export const ipoListQuery = pageQuery.extend({
  /** `closed` also answers allotted offers that have not listed yet. */
  state: z.enum(['upcoming', 'open', 'closed', 'listed']).optional(),
});

export const ipoSubscription = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  lots: z.number().int(),
  quantity: z.number().int().describe('shares asked: lots times the lot size'),
  price: decimalString.describe('subscription price: what is frozen per share'),
  fee: decimalString,
  amount: decimalString.describe('total subscription amount frozen: quantity times price plus the fee'),
  status: z.number().int().describe('0 awaiting allotment, 1 allotted, 2 not allotted, 3 listed'),
  needsReconfirm: z.boolean().describe('the final price fell outside the range: reconfirm or be refunded'),
  issuePrice: decimalString.nullable(),
  issueAmount: decimalString,
  sharesOffered: z.number().int(),
  allottedLots: z.number().int().nullable(),
  allottedQuantity: z.number().int().nullable(),
  paid: decimalString.nullable().describe('allotted shares times the issue price plus the fee'),
  refund: decimalString.nullable().describe('returned to available at the allotment'),
  reason: z.enum(['lottery', 'notReconfirmed', 'manual']).nullable(),
  subscribedAt: time.describe('subscription time'),
  auditTime: time.nullable().describe('when the allotment was made'),
  endTime: time.describe('expiration: the window closes'),
  listingTime: time,
});
export type IpoSubscription = z.infer<typeof ipoSubscription>;

export const ipoSubscriptionQuery = pageQuery.extend({
  status: z.coerce.number().int().min(0).max(3).optional(),
  offerId: idField.optional(),
});

const lots = z.number().int().min(1).max(1_000_000);
const payPassword = z.string().min(1).max(64);

/** Bodies of this domain are strict: an unknown field is refused (422), never silently dropped. */
export const ipoSubscribeBody = z.strictObject({ offerId: idField, lots, payPassword });
export const ipoUpdateBody = z.strictObject({ id: idField, lots, payPassword });
export const ipoCancelBody = z.strictObject({ id: idField });
export const ipoReconfirmBody = z.strictObject({ id: idField, payPassword });

/** What anyone needs to recompute an allotment (docs/ipo.md): the seed and every application. */
export const ipoAllotment = z.object({
  offerId: z.number().int(),
  seed: z.string(),
  seedHash: z.string(),
  lotsOffered: z.number().int().describe('shares offered divided by the lot size, rounded down'),
  lotsDrawn: z.number().int().describe('lots the lottery drew: the lots offered less those allotted by hand'),
  list: z
    .array(
      z.object({
        subscriptionId: z.number().int(),
        lots: z.number().int(),
        inLottery: z.boolean().describe('false when allotted by hand or refunded for not reconfirming'),
        allottedLots: z.number().int(),
      }),
    )
    .describe('by subscription id'),
});

// Operator calls

/** An offer's description per language (English required); the offer's name is the company's. */
export const ipoOfferTranslation = z.strictObject({ description: operatorText(2000) });
export const ipoOfferTranslations = translationsOf(ipoOfferTranslation);

export const ipoOfferBody = z.strictObject({
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9.]{0,11}$/, { error: 'validation.ipoSymbol' }),
  name: z.string().trim().min(1).max(80),
  market: z.string().trim().min(1).max(10),
  currency: z.string().trim().min(1).max(10),
  description: z.string().trim().max(2000).optional().describe('English only; `translations` replaces it'),
  translations: ipoOfferTranslations
    .optional()
    .describe('the description per language; its English entry becomes `description`'),
  lotSize: z.number().int().min(1).max(1_000_000),
  minLots: z.number().int().min(1).max(1_000_000),
  maxLots: z.number().int().min(1).max(1_000_000),
  sharesOffered: z.number().int().min(1).max(10_000_000_000),
  priceMin: ipoPrice,
  priceMax: ipoPrice,
  fee: ipoFee,
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  allotmentTime: z.iso.datetime({ offset: true }),
  listingTime: z.iso.datetime({ offset: true }),
});
export const ipoOfferUpdateBody = ipoOfferBody.partial().extend({ id: idField });
export const ipoPricingBody = z.strictObject({ id: idField, finalPrice: ipoPrice });
export const ipoReviewBody = z.strictObject({
  id: idField.describe('the subscription'),
  allottedLots: z.number().int().min(0).max(1_000_000),
});

export const adminIpoOffer = ipoOffer.extend({
  translations: translationsOf(z.object({ description: z.string() })).describe(
    'the description in every language written (English always, empty when none was given)',
  ),
  createdAt: time,
  frozen: decimalString.describe('held for subscriptions awaiting allotment'),
});
export const adminIpoSubscription = ipoSubscription.extend({
  userId: z.number().int(),
  uid: z.string(),
  ...queueState,
  manual: z.boolean(),
});
export const adminIpoSubscriptionQuery = queueQuery({
  status: z.coerce.number().int().min(0).max(3).optional(),
  offerId: idField.optional(),
});

const publicCall = { access: 'public' } as const;
const member = { access: 'member' } as const;

/** IPOs for members and visitors (docs/api.md, IPOs). */
export const ipoApi = {
  list: {
    ...publicCall,
    method: 'GET',
    path: '/ipo/list',
    summary: 'IPO offers: open first, then upcoming, closed and listed',
    query: ipoListQuery,
    response: ok(page(ipoOffer)),
  },
  detail: {
    ...publicCall,
    method: 'GET',
    path: '/ipo/detail',
    summary: 'One IPO offer',
    query: idQuery,
    response: ok(ipoOffer),
  },
  allotment: {
    ...publicCall,
    method: 'GET',
    path: '/ipo/allotment',
    summary: "An allotted offer's revealed seed and applications, to recompute its lottery",
    query: idQuery,
    response: ok(ipoAllotment),
  },
  subscribe: {
    ...member,
    method: 'POST',
    path: '/ipo/subscribe',
    summary: 'Subscribe (pay password): lots times the lot size times the price, plus the fee, is frozen',
    idempotent: true,
    body: ipoSubscribeBody,
    response: ok(ipoSubscription),
  },
  update: {
    ...member,
    method: 'POST',
    path: '/ipo/subscription/update',
    summary: 'Change the lots of my subscription while the window is open: the difference is frozen or returned',
    idempotent: true,
    body: ipoUpdateBody,
    response: ok(ipoSubscription),
  },
  cancel: {
    ...member,
    method: 'POST',
    path: '/ipo/subscription/cancel',
    summary: 'Cancel my subscription while the window is open: everything frozen returns',
    idempotent: true,
    body: ipoCancelBody,
    response: ok(z.object({ id: z.number().int(), refund: decimalString })),
  },
  reconfirm: {
    ...member,
    method: 'POST',
    path: '/ipo/subscription/reconfirm',
    summary: 'Keep my subscription at a final price outside the range (pay password): the difference is frozen',
    idempotent: true,
    body: ipoReconfirmBody,
    response: ok(ipoSubscription),
  },
  subscriptions: {
    ...member,
    method: 'GET',
    path: '/ipo/subscription/list',
    summary: 'My subscriptions, newest first',
    query: ipoSubscriptionQuery,
    response: ok(page(ipoSubscription)),
  },
} as const satisfies Api;

const trading = { access: 'operator', roles: ['trading'] } as const;

/** Operator calls of IPOs; every change is audited. */
export const ipoAdminApi = {
  list: {
    ...trading,
    method: 'GET',
    path: '/admin/ipo/offer/list',
    summary: 'Every IPO offer, newest first',
    query: pageQuery,
    response: ok(page(adminIpoOffer)),
  },
  create: {
    ...trading,
    method: 'POST',
    path: '/admin/ipo/offer/create',
    summary: 'Publish an offer; its lottery seed is drawn and its SHA-256 committed at once',
    body: ipoOfferBody,
    response: ok(adminIpoOffer),
  },
  update: {
    ...trading,
    method: 'POST',
    path: '/admin/ipo/offer/update',
    summary: 'Change an offer (terms are fixed once subscribed; nothing changes after the allotment)',
    body: ipoOfferUpdateBody,
    response: ok(adminIpoOffer),
  },
  price: {
    ...trading,
    method: 'POST',
    path: '/admin/ipo/price',
    summary: 'Set the final price; outside the range every subscriber must reconfirm or is refunded',
    body: ipoPricingBody,
    response: ok(adminIpoOffer),
  },
  allot: {
    ...trading,
    method: 'POST',
    path: '/admin/ipo/allot',
    summary: 'Run the allotment now (closes the window if it is still open)',
    body: idBody,
    response: ok(adminIpoOffer),
  },
  subscriptions: {
    ...trading,
    method: 'GET',
    path: '/admin/ipo/list',
    summary: 'Subscriptions (queue ipo), newest first',
    query: adminIpoSubscriptionQuery,
    response: ok(page(adminIpoSubscription)),
  },
  review: {
    ...trading,
    method: 'POST',
    path: '/admin/ipo/review',
    summary: 'Allot one subscription by hand before the lottery (0 lots: not allotted, all refunded)',
    body: ipoReviewBody,
    response: ok(adminIpoSubscription),
  },
} as const satisfies Api;
