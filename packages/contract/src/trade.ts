import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
import { localDate } from './quant.ts';
import {
  holdingCloseBody,
  holdingClosePreview,
  holdingCloseResult,
  holdings,
  orderCloseBody,
  orderCloseResult,
  position,
  positionClose,
} from './trade-positions.ts';
import {
  directionList,
  feeBreakdown,
  fillReason,
  orderStatusList,
  orderTypeList,
  priceField,
  quantityField,
  symbolField,
  timeInForceList,
  tradeSession,
  waitingForList,
} from './trade-terms.ts';

export * from './trade-positions.ts';
export * from './trade-terms.ts';

/** The order as the member sends it to `order/preview` and `order/place`. */
export const orderInput = z.strictObject({
  symbol: symbolField,
  type: z.enum(orderTypeList),
  direction: z.enum(directionList),
  quantity: quantityField,
  /** limit and stopLimit */
  limitPrice: priceField.optional(),
  /** stop and stopLimit: the trigger */
  stopPrice: priceField.optional(),
  /** trailingStop: exactly one of these two */
  trailAmount: priceField.optional().describe('trailing distance in price'),
  trailPercent: z
    .string({ error: 'validation.decimal' })
    .regex(/^\d{1,2}(\.\d{1,4})?$/, { error: 'validation.percent' })
    .refine((value) => /[1-9]/.test(value), { error: 'validation.positive' })
    .optional()
    .describe('trailing distance in percent of the best price, below 100'),
  timeInForce: z.enum(timeInForceList).default('gtc'),
  /** Given with the order, they move to the position it opens (one-cancels-other). */
  stopLoss: priceField.optional(),
  takeProfit: priceField.optional(),
});
export type OrderInput = z.input<typeof orderInput>;

export const orderPlaceBody = orderInput.extend({
  /** Required for a block order (10,000 shares or more). */
  payPassword: z.string().min(1).max(64).optional(),
});

export const orderPreview = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  type: z.enum(orderTypeList),
  direction: z.enum(directionList),
  quantity: z.number().int(),
  lotSize: z.number().int(),
  last: decimalString,
  bid: decimalString,
  ask: decimalString,
  price: decimalString.describe('the estimated fill price: ask for a buy, bid for a sell, or the limit'),
  notional: decimalString.describe('quantity x price'),
  fee: decimalString.describe('opening fee'),
  feeBreakdown,
  total: decimalString.describe('notional plus fee: what the position costs'),
  fundsNeeded: decimalString.describe('what is frozen or moved now (the total)'),
  available: decimalString.describe('available balance in the currency'),
  availableAfter: decimalString,
  sufficient: z.boolean(),
  breakEven: decimalString.describe('price at which closing returns the total, opening and closing fees included'),
  lossAtStopLoss: decimalString.nullable().describe('negative P/L after fees if the stop loss fills, null without'),
  gainAtTakeProfit: decimalString.nullable().describe('P/L after fees if the take profit fills, null without'),
  stopOutRatio: decimalString.describe(
    "the market's stop-out ratio: a short closes when its loss reaches this share of its collateral",
  ),
  stopOutPrice: decimalString.nullable().describe('a short: the price at which the engine would close it'),
  block: z.boolean().describe('10,000 shares or more: waits for an operator review, pay password required'),
  fillsNow: z.boolean().describe('a market order in session, or a limit already reached'),
  waitingFor: z.enum(waitingForList).nullable().describe('what the order would wait for'),
  expiresAt: time.nullable().describe('a day order: the session close it expires at'),
  session: tradeSession,
});
export type OrderPreview = z.infer<typeof orderPreview>;

export const order = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  type: z.enum(orderTypeList),
  direction: z.enum(directionList),
  quantity: z.number().int(),
  limitPrice: decimalString.nullable(),
  stopPrice: decimalString
    .nullable()
    .describe('stop and stopLimit: the trigger; trailingStop: the trailed trigger now'),
  trailAmount: decimalString.nullable(),
  trailPercent: decimalString.nullable(),
  timeInForce: z.enum(timeInForceList),
  stopLoss: decimalString.nullable(),
  takeProfit: decimalString.nullable(),
  status: z.enum(orderStatusList),
  waitingFor: z.enum(waitingForList).nullable(),
  block: z.boolean(),
  frozen: decimalString.describe('funds frozen while pending (0 once done)'),
  fillPrice: decimalString.nullable(),
  fee: decimalString.nullable(),
  total: decimalString.nullable().describe('fill notional plus fee'),
  fillReason: fillReason.nullable(),
  refuseReason: z.string().nullable().describe('a refused block order: the operator reason'),
  positionId: z.number().int().nullable(),
  expiresAt: time.nullable(),
  createdAt: time,
  filledAt: time.nullable(),
  doneAt: time.nullable().describe('filled, cancelled, expired or refused'),
});
export type Order = z.infer<typeof order>;

export const orderDetail = order.extend({
  position: position.nullable(),
  closes: z.array(positionClose).describe("the position's closes, newest first"),
});

export const orderPendingQuery = pageQuery.extend({ symbol: z.string().trim().toUpperCase().max(32).optional() });
export const orderClosedQuery = pageQuery.extend({ symbol: z.string().trim().toUpperCase().max(32).optional() });

/** A calendar day that exists (2026-02-31 does not). */
const historyDay = localDate.refine(
  (day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  },
  { error: 'validation.date', abort: true },
);
export const orderHistoryQuery = pageQuery
  .extend({
    symbol: z.string().trim().toUpperCase().max(32).optional(),
    status: z.enum(orderStatusList).optional(),
    dateFrom: historyDay.optional().describe('first UTC day of placing, included'),
    dateTo: historyDay.optional().describe('last UTC day of placing, included'),
  })
  .superRefine((query, ctx) => {
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo)
      ctx.addIssue({ code: 'custom', message: 'validation.rangeOrder', path: ['dateTo'] });
  });

/** A member line of a ledger entry an order (or a close of its position) moved. */
export const orderMove = z.object({
  kind: z.string().describe('the ledger kind: trade_freeze, trade_open, trade_release, trade_close ...'),
  account: z.enum(['available', 'frozen']),
  amount: decimalString.describe('signed: negative when money left the account'),
  currency: z.string(),
  time,
});
export const orderHistoryItem = order.extend({
  moves: z.array(orderMove).describe('oldest first'),
});

export const orderUpdateBody = z
  .strictObject({
    orderId: idField.optional(),
    positionId: idField.optional(),
    limitPrice: priceField.optional(),
    stopPrice: priceField.optional(),
    /** null clears it */
    stopLoss: priceField.nullable().optional(),
    takeProfit: priceField.nullable().optional(),
  })
  .describe('exactly one of orderId (a pending order) and positionId (an open position)');

export const orderUpdateResult = z.object({ order: order.nullable(), position: position.nullable() });

export const feeScheduleRow = z.object({
  market: z.string(),
  currency: z.string(),
  rate: decimalString,
  minimum: decimalString,
  platformFee: decimalString,
  vipDiscounts: z.array(z.object({ level: z.number().int(), discount: decimalString })),
  stopOutRatio: decimalString.describe('a short is closed when its loss reaches this fraction of its collateral'),
});
export const feeSchedule = z.object({
  vipLevel: z.number().int().describe('the member level'),
  discount: decimalString.describe("the member's discount"),
  list: z.array(feeScheduleRow),
});

/** Events on the member's `orders` topic. */
export const orderEventKinds = { order: 'order', position: 'position', close: 'close' } as const;
export const orderEvent = z.object({
  kind: z.enum(['order', 'position', 'close']),
  orderId: z.number().int().nullable(),
  positionId: z.number().int().nullable(),
  status: z.string().describe('the order or position status after the change'),
  symbol: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

const member = { access: 'member' } as const;

/** Trading for members (docs/trading.md). */
export const tradeApi = {
  preview: {
    ...member,
    method: 'POST',
    path: '/order/preview',
    summary: 'What an order would cost and risk, before anything is placed',
    body: orderInput,
    response: ok(orderPreview),
  },
  place: {
    ...member,
    method: 'POST',
    path: '/order/place',
    summary: 'Place an order: fills now, or waits with its funds frozen',
    idempotent: true,
    body: orderPlaceBody,
    response: ok(order),
  },
  cancel: {
    ...member,
    method: 'POST',
    path: '/order/cancel',
    summary: 'Cancel a pending order: its frozen funds return',
    idempotent: true,
    body: idBody,
    response: ok(order),
  },
  update: {
    ...member,
    method: 'POST',
    path: '/order/update',
    summary:
      'Amend a pending order (limit, stop, stop loss, take profit) or the stop loss and take profit of a position',
    body: orderUpdateBody,
    response: ok(orderUpdateResult),
  },
  close: {
    ...member,
    method: 'POST',
    path: '/order/close',
    summary: 'Close a position, all of it or a part, at the market',
    idempotent: true,
    body: orderCloseBody,
    response: ok(orderCloseResult),
  },
  closeHoldingPreview: {
    ...member,
    method: 'POST',
    path: '/order/close/holding/preview',
    summary: 'What selling a holding (or buying a short back) would return, before it closes',
    body: holdingCloseBody,
    response: ok(holdingClosePreview),
  },
  closeHolding: {
    ...member,
    method: 'POST',
    path: '/order/close/holding',
    summary: 'Sell what I hold of a symbol (or buy back a short), oldest position first, at the market',
    idempotent: true,
    body: holdingCloseBody,
    response: ok(holdingCloseResult),
  },
  pending: {
    ...member,
    method: 'GET',
    path: '/order/pending',
    summary: 'My pending orders, newest first',
    query: orderPendingQuery,
    response: ok(page(order)),
  },
  holdings: {
    ...member,
    method: 'GET',
    path: '/order/holdings',
    summary: 'My open positions with floating P/L, and totals per currency',
    response: ok(holdings),
  },
  closed: {
    ...member,
    method: 'GET',
    path: '/order/closed',
    summary: 'My closes with realised P/L, newest first',
    query: orderClosedQuery,
    response: ok(page(positionClose)),
  },
  history: {
    ...member,
    method: 'GET',
    path: '/order/history',
    summary: 'All my orders (pending, filled, cancelled, expired, refused), newest first, with the money each moved',
    query: orderHistoryQuery,
    response: ok(page(orderHistoryItem)),
  },
  detail: {
    ...member,
    method: 'GET',
    path: '/order/detail',
    summary: 'One of my orders with its position and closes',
    query: idQuery,
    response: ok(orderDetail),
  },
  feeSchedule: {
    ...member,
    method: 'GET',
    path: '/trade/fee/schedule',
    summary: 'Fees per market and my VIP discount',
    response: ok(feeSchedule),
  },
} as const satisfies Api;
