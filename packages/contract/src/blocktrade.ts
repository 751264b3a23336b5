import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, payPasswordField, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';

/** Failures of block trades (docs/blocktrade.md). */
export const blocktradeErrors = {
  BLOCKTRADE_OFFER_NOT_FOUND: 404,
  BLOCKTRADE_NOT_OPEN: 409,
  BLOCKTRADE_QUANTITY_BELOW_MIN: 422,
  BLOCKTRADE_QUANTITY_ABOVE_REMAINING: 409,
  BLOCKTRADE_OFFER_INVALID: 422,
  BLOCKTRADE_OFFER_CLOSED: 409,
} as const;

/** The least an offer may ask per order: the block order threshold (docs/product.md). */
export const blockOfferMinimum = 10_000;

/** Where an offer stands at the time of the answer: before its window, in it, after it (or closed by an operator). */
export const blockOfferStatuses = { scheduled: 'scheduled', open: 'open', closed: 'closed' } as const;
export type BlockOfferStatus = (typeof blockOfferStatuses)[keyof typeof blockOfferStatuses];
const blockOfferStatusList = Object.values(blockOfferStatuses) as [BlockOfferStatus, ...BlockOfferStatus[]];

/** A member's block order as the product labels it: waiting for review, passed into a position, refused, cancelled. */
export const blockOrderStatuses = {
  pending: 'pending',
  passed: 'passed',
  refused: 'refused',
  cancelled: 'cancelled',
} as const;
export type BlockOrderStatus = (typeof blockOrderStatuses)[keyof typeof blockOrderStatuses];
const blockOrderStatusList = Object.values(blockOrderStatuses) as [BlockOrderStatus, ...BlockOrderStatus[]];

export const blockOffer = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  lotSize: z.number().int().describe("the instrument's board lot: quantities are multiples of it"),
  price: decimalString.nullable().describe('a fixed block price, or null when the offer is a discount'),
  discount: decimalString.nullable().describe('a fraction off the last price (0.05 is 5 %), or null for a fixed price'),
  lastPrice: decimalString.nullable().describe('the live last price now (null without a quote)'),
  blockPrice: decimalString.nullable().describe('the price an order placed now is frozen and filled at'),
  discountToLast: decimalString
    .nullable()
    .describe('1 - blockPrice / lastPrice: the discount against the live price (negative: a premium)'),
  minQuantity: z.number().int().describe('the fewest shares one order may ask (10,000 or more)'),
  maxQuantity: z.number().int().describe('the shares the offer sells in all'),
  orderedQuantity: z.number().int().describe('shares of orders pending review or passed'),
  remainingQuantity: z.number().int().describe('maxQuantity - orderedQuantity: the most a new order may ask'),
  opensAt: time,
  closesAt: time,
  status: z.enum(blockOfferStatusList),
});
export type BlockOffer = z.infer<typeof blockOffer>;

export const blockOfferListQuery = pageQuery.extend({ status: z.enum(blockOfferStatusList).optional() });

export const blockOrder = z.object({
  id: z.number().int().describe('the trade order'),
  offerId: z.number().int().nullable().describe('null for a block order placed from the trade ticket'),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  quantity: z.number().int(),
  price: decimalString.nullable().describe('the block price (null for a ticket order: it fills at the review)'),
  fee: decimalString.nullable(),
  total: decimalString.nullable().describe('price x quantity + fee'),
  frozen: decimalString.describe('held while it waits for review'),
  status: z.enum(blockOrderStatusList),
  refuseReason: z.string().nullable(),
  positionId: z.number().int().nullable(),
  createdAt: time,
  reviewedAt: time.nullable(),
});
export type BlockOrder = z.infer<typeof blockOrder>;

export const blockOrderListQuery = pageQuery.extend({ status: z.enum(blockOrderStatusList).optional() });

const quantity = z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(100_000_000);

/** Bodies of this domain are strict: an unknown field is refused (422), never silently dropped. */
export const blockOrderBody = z.strictObject({ offerId: idField, quantity, payPassword: payPasswordField });
export const blockPreviewQuery = z.object({
  offerId: idField,
  quantity: z.coerce.number().int().min(1).max(100_000_000),
});

export const blockPreview = z.object({
  offerId: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  quantity: z.number().int(),
  price: decimalString,
  notional: decimalString,
  fee: decimalString,
  total: decimalString.describe('frozen now: price x quantity + fee'),
  available: decimalString,
  availableAfter: decimalString,
});

// Operator calls

const blockPrice = z
  .string({ error: 'validation.decimal' })
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.decimal' })
  .refine((value) => /[1-9]/.test(value), { error: 'validation.positive' });
const blockDiscount = z
  .string({ error: 'validation.decimal' })
  .regex(/^0?\.\d{1,8}$/, { error: 'validation.blockDiscount' })
  .refine((value) => /[1-9]/.test(value), { error: 'validation.blockDiscount' })
  .describe('a fraction between 0 and 1: 0.05 is 5 % below the last price');

/** Exactly one of price and discount (the server answers BLOCKTRADE_OFFER_INVALID otherwise). */
export const blockOfferBody = z.strictObject({
  symbol: z.string().trim().min(1).max(32).toUpperCase(),
  price: blockPrice.nullable().optional(),
  discount: blockDiscount.nullable().optional(),
  minQuantity: z.number().int().min(blockOfferMinimum, { error: 'validation.blockMinimum' }).max(100_000_000),
  maxQuantity: z.number().int().min(blockOfferMinimum, { error: 'validation.blockMinimum' }).max(100_000_000),
  opensAt: z.iso.datetime({ offset: true }),
  closesAt: z.iso.datetime({ offset: true }),
});
export const blockOfferUpdateBody = blockOfferBody.partial().extend({ id: idField });

export const adminBlockOffer = blockOffer.extend({
  closedAt: time.nullable().describe('closed early by an operator'),
  pendingOrders: z.number().int(),
  passedQuantity: z.number().int(),
  createdAt: time,
});
export type AdminBlockOffer = z.infer<typeof adminBlockOffer>;

const member = { access: 'member' } as const;
const publicCall = { access: 'public' } as const;

/** Block trades for members and visitors (docs/blocktrade.md). */
export const blocktradeApi = {
  list: {
    ...publicCall,
    method: 'GET',
    path: '/blocktrade/list',
    summary: 'Block offers: open first, then scheduled and closed, with the discount against the live price',
    query: blockOfferListQuery,
    response: ok(page(blockOffer)),
  },
  detail: {
    ...publicCall,
    method: 'GET',
    path: '/blocktrade/detail',
    summary: 'One block offer',
    query: idQuery,
    response: ok(blockOffer),
  },
  preview: {
    ...member,
    method: 'GET',
    path: '/blocktrade/preview',
    summary: 'What an order of this quantity would freeze now: price, fee, total and the balance after',
    query: blockPreviewQuery,
    response: ok(blockPreview),
  },
  order: {
    ...member,
    method: 'POST',
    path: '/blocktrade/order',
    summary: 'Order from an offer (pay password): price x quantity + fee is frozen until the review',
    idempotent: true,
    body: blockOrderBody,
    response: ok(blockOrder),
  },
  orders: {
    ...member,
    method: 'GET',
    path: '/blocktrade/order/list',
    summary: 'My block orders with their review status, newest first',
    query: blockOrderListQuery,
    response: ok(page(blockOrder)),
  },
} as const satisfies Api;

const trading = { access: 'operator', roles: ['trading'] } as const;

/** Operator calls of block offers; every change is audited. Orders are reviewed in `admin/order/review`. */
export const blocktradeAdminApi = {
  list: {
    ...trading,
    method: 'GET',
    path: '/admin/blocktrade/offer/list',
    summary: 'Every block offer, newest first',
    query: blockOfferListQuery,
    response: ok(page(adminBlockOffer)),
  },
  create: {
    ...trading,
    method: 'POST',
    path: '/admin/blocktrade/offer/create',
    summary: 'Publish a block offer: a price or a discount to the last price, minimum and maximum, window',
    body: blockOfferBody,
    response: ok(adminBlockOffer),
  },
  update: {
    ...trading,
    method: 'POST',
    path: '/admin/blocktrade/offer/update',
    summary: 'Change an offer not closed (orders already placed keep their price)',
    body: blockOfferUpdateBody,
    response: ok(adminBlockOffer),
  },
  close: {
    ...trading,
    method: 'POST',
    path: '/admin/blocktrade/offer/close',
    summary: 'Close an offer now: no new orders (orders waiting for review stay in the queue)',
    body: idBody,
    response: ok(adminBlockOffer),
  },
} as const satisfies Api;
