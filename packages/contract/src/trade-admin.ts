import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page } from './envelope.ts';
import { idField, memberRef, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
import { queueQuery, queueState } from './review-queue.ts';
import { feeScheduleRow, order } from './trade.ts';
import { orderReviewStatuses, orderStatusList } from './trade-terms.ts';

/** The block offer an order came from; the order's `limitPrice` is the block price it froze. */
export const adminOrderOffer = z.object({
  id: z.number().int(),
  symbol: z.string(),
  price: decimalString.nullable().describe('the offer’s fixed block price, or null for a discount offer'),
  discount: decimalString.nullable().describe('a fraction off the last price, or null for a fixed price'),
});

export const adminOrder = order.extend({
  userId: z.number().int(),
  member: memberRef,
  reviewedBy: z.number().int().nullable(),
  reviewedAt: time.nullable(),
  offer: adminOrderOffer.nullable().describe('null for a block order placed from the trade ticket'),
  ...queueState,
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderQuery = queueQuery({
  /** Default: the block orders waiting for review. */
  status: z.enum(orderStatusList).optional(),
  block: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  userId: idField.optional(),
});

export const orderReviewBody = z.strictObject({
  id: idField,
  status: z.union([z.literal(orderReviewStatuses.pass), z.literal(orderReviewStatuses.refuse)]),
  reason: z.string().trim().max(200).optional().describe('required to refuse; shown to the member'),
});
export type OrderReviewBody = z.infer<typeof orderReviewBody>;

export const feeScheduleUpdateBody = z.strictObject({
  market: z.string().trim().min(1).max(10).toUpperCase(),
  rate: z.string().regex(/^0(\.\d{1,8})?$/, { error: 'validation.feeRate' }),
  minimum: z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.decimal' }),
  platformFee: z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.decimal' }),
  vipDiscounts: z
    .array(
      z.strictObject({
        level: z.number().int().min(0).max(10),
        discount: z.string().regex(/^0(\.\d{1,4})?$/, { error: 'validation.feeRate' }),
      }),
    )
    .max(11),
  stopOutRatio: z
    .string()
    .regex(/^(0\.\d{1,4}|1(\.0{1,4})?)$/, { error: 'validation.feeRate' })
    .refine((value) => /[1-9]/.test(value), { error: 'validation.feeRate' })
    .optional()
    .describe('above 0, at most 1; omitted: unchanged'),
});

const trading = { access: 'operator', roles: ['trading'] } as const;

/** Operator calls of trading; every change is audited. */
export const tradeAdminApi = {
  orderList: {
    ...trading,
    method: 'GET',
    path: '/admin/order/list',
    summary: 'Orders: by default the block orders waiting for review, oldest first',
    query: adminOrderQuery,
    response: ok(page(adminOrder)),
  },
  orderReview: {
    ...trading,
    method: 'POST',
    path: '/admin/order/review',
    summary: 'Pass a block order (opens the position at the price now) or refuse it with a reason (funds return)',
    body: orderReviewBody,
    response: ok(adminOrder),
  },
  feeList: {
    ...trading,
    method: 'GET',
    path: '/admin/trade/fee/list',
    summary: 'The fee schedule of every market',
    response: ok(z.array(feeScheduleRow)),
  },
  feeUpdate: {
    ...trading,
    method: 'POST',
    path: '/admin/trade/fee/update',
    summary: "Change a market's fees and VIP discounts",
    body: feeScheduleUpdateBody,
    response: ok(feeScheduleRow),
  },
} as const satisfies Api;
