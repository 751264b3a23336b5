import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
import { localDate } from './quant.ts';
import {
  closeReasonList,
  directionList,
  fillReasonList,
  orderStatusList,
  orderTypeList,
  positionStatusList,
  priceField,
  quantityField,
  timeInForceList,
  waitingForList,
} from './trade-terms.ts';

export * from './trade-terms.ts';

const symbolField = z.string().trim().min(1, { error: 'validation.required' }).max(32).toUpperCase();

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

/** The market's session at the time of the answer. */
export const tradeSession = z.object({
  market: z.string(),
  timezone: z.string(),
  state: z.enum(['open', 'break', 'closed']),
  alwaysOpen: z.boolean(),
  nextOpen: time.nullable(),
  nextClose: time.nullable(),
});
export type TradeSession = z.infer<typeof tradeSession>;

export const feeBreakdown = z.object({
  market: z.string(),
  rate: decimalString.describe('fraction of the notional: "0.001" is 0.1 %'),
  minimum: decimalString.describe('minimum commission per fill'),
  platformFee: decimalString.describe('per order'),
  vipLevel: z.number().int(),
  discount: decimalString.describe('fraction off the commission for the VIP level: "0.2" is 20 % off'),
  commission: decimalString.describe('after the discount and the minimum'),
  fee: decimalString.describe('commission plus platform fee'),
});
export type FeeBreakdown = z.infer<typeof feeBreakdown>;

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

/** "Why this price": a message key, its params, and the text in the request's language. */
export const fillReason = z.object({
  key: z.enum(fillReasonList),
  params: z.record(z.string(), z.string()),
  text: z.string(),
});
export type FillReason = z.infer<typeof fillReason>;

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

export const position = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  direction: z.enum(directionList),
  lotSize: z.number().int(),
  quantity: z.number().int().describe('open quantity now'),
  openedQuantity: z.number().int(),
  openPrice: decimalString,
  openFee: decimalString.describe('fee paid to open the whole position'),
  cost: decimalString.describe('open quantity x open price'),
  stopLoss: decimalString.nullable(),
  takeProfit: decimalString.nullable(),
  status: z.enum(positionStatusList),
  closeReason: z.enum(closeReasonList).nullable().describe('the last close'),
  last: decimalString.nullable(),
  bid: decimalString.nullable(),
  ask: decimalString.nullable(),
  markPrice: decimalString.nullable().describe('the price a close would get: bid for a long, ask for a short'),
  marketValue: decimalString.nullable().describe('quantity x mark price'),
  floatingPnl: decimalString.nullable().describe('(mark - open) x quantity, negated for a short; before fees'),
  floatingPnlPercent: decimalString.nullable().describe('percent of the cost, two decimals'),
  realisedPnl: decimalString.describe('sum of the closes so far, after closing fees'),
  closedQuantity: z.number().int(),
  stopOutPrice: decimalString.nullable().describe('a short: the price at which the engine closes it'),
  openedAt: time,
  closedAt: time.nullable(),
});
export type Position = z.infer<typeof position>;

export const holdingTotal = z.object({
  currency: z.string(),
  cost: decimalString,
  marketValue: decimalString,
  floatingPnl: decimalString,
  positions: z.number().int(),
});
export const holdings = z.object({
  list: z.array(position).describe('open positions, newest first'),
  totals: z.array(holdingTotal).describe('per currency'),
});

/** One close (all or a part) of a position: "my closing positions". */
export const positionClose = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  direction: z.enum(directionList),
  quantity: z.number().int(),
  openPrice: decimalString,
  closePrice: decimalString,
  fee: decimalString.describe('closing fee'),
  openFee: decimalString.describe("this part's share of the opening fee"),
  realisedPnl: decimalString.describe('(close - open) x quantity, negated for a short, less the closing fee'),
  proceeds: decimalString.describe('what returned to the available balance'),
  reason: z.enum(closeReasonList),
  fillReason,
  closedAt: time,
});
export type PositionClose = z.infer<typeof positionClose>;

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

export const orderCloseBody = z.strictObject({
  positionId: idField,
  /** Omitted: the whole open quantity. A multiple of the board lot. */
  quantity: quantityField.optional(),
});
export const orderCloseResult = z.object({ position, close: positionClose });

/**
 * Selling what one holds (docs/trading.md, Selling what you hold): a Sell on a symbol held long
 * closes the longs, a Buy to cover the shorts, oldest position first, at the market, as one order
 * with one fee.
 */
export const holdingCloseBody = z.strictObject({
  symbol: symbolField,
  /** The holding's direction: `buy` closes longs (a Sell), `sell` closes shorts (a Buy to cover). */
  direction: z.enum(directionList),
  /** Omitted: the whole holding. A multiple of the board lot. */
  quantity: quantityField.optional(),
});
export type HoldingCloseBody = z.input<typeof holdingCloseBody>;

export const holdingClosePreview = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  direction: z.enum(directionList).describe("the holding's"),
  lotSize: z.number().int(),
  held: z.number().int().describe('open quantity of the holding'),
  quantity: z.number().int().describe('what this close takes'),
  price: decimalString.describe('the bid for a long, the ask for a short'),
  notional: decimalString,
  fee: decimalString.describe('one closing fee for the whole close'),
  feeBreakdown,
  cost: decimalString.describe('open price x quantity of the parts closed'),
  proceeds: decimalString.describe('what returns to the available balance'),
  realisedPnl: decimalString.describe('proceeds less the cost: after the closing fee, before the opening fees'),
  parts: z
    .array(z.object({ positionId: z.number().int(), quantity: z.number().int(), openPrice: decimalString }))
    .describe('the positions closed, oldest first'),
  session: tradeSession,
});
export type HoldingClosePreview = z.infer<typeof holdingClosePreview>;

export const holdingCloseResult = z.object({
  positions: z.array(position).describe('the positions closed, oldest first, after the close'),
  closes: z.array(positionClose),
  realisedPnl: decimalString,
  proceeds: decimalString,
});

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
