import { z } from 'zod';
import { isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';

/** Failures of trading (docs/trading.md). */
export const tradeErrors = {
  TRADE_SYMBOL_NOT_TRADABLE: 422,
  TRADE_QUANTITY_LOT: 422,
  TRADE_PRICE_REQUIRED: 422,
  TRADE_PRICE_NOT_ALLOWED: 422,
  TRADE_TRAIL_REQUIRED: 422,
  TRADE_STOP_LOSS_SIDE: 422,
  TRADE_TAKE_PROFIT_SIDE: 422,
  TRADE_NO_PRICE: 503,
  TRADE_INSUFFICIENT_FUNDS: 409,
  TRADE_ORDER_NOT_FOUND: 404,
  TRADE_ORDER_NOT_PENDING: 409,
  TRADE_ORDER_NOT_EDITABLE: 409,
  TRADE_POSITION_NOT_FOUND: 404,
  TRADE_POSITION_CLOSED: 409,
  TRADE_CLOSE_QUANTITY: 422,
  TRADE_NOTHING_TO_UPDATE: 422,
  TRADE_TARGET_ONE: 422,
  TRADE_NOT_BLOCK_ORDER: 409,
  TRADE_REFUSE_REASON_REQUIRED: 422,
  TRADE_FEE_SCHEDULE_NOT_FOUND: 404,
  TRADE_LIMIT_NOT_REACHED: 409,
  /** A price off the instrument's tick grid (or with more decimals than its currency). */
  PRICE_TICK: 422,
  TRADE_NOTHING_TO_CLOSE: 409,
  /** The market's feed is silent or disconnected: no market order, close or preview (docs/market.md, Stale feeds). */
  QUOTE_STALE: 409,
} as const;

/** Order types (docs/trading.md). */
export const orderTypes = {
  market: 'market',
  limit: 'limit',
  stop: 'stop',
  stopLimit: 'stopLimit',
  trailingStop: 'trailingStop',
} as const;
export type OrderType = (typeof orderTypes)[keyof typeof orderTypes];
export const orderTypeList = Object.values(orderTypes) as [OrderType, ...OrderType[]];

/** `buy` opens a long position, `sell` a short one. */
export const directions = { buy: 'buy', sell: 'sell' } as const;
export type Direction = (typeof directions)[keyof typeof directions];
export const directionList = Object.values(directions) as [Direction, ...Direction[]];

/** `day` expires at the close of the market's session; `gtc` waits until filled or cancelled. */
export const timeInForce = { day: 'day', gtc: 'gtc' } as const;
export type TimeInForce = (typeof timeInForce)[keyof typeof timeInForce];
export const timeInForceList = Object.values(timeInForce) as [TimeInForce, ...TimeInForce[]];

/**
 * docs/product.md section 4. An order is `pending` while it waits for its price, its session or a block
 * review (`waitingFor` says which). An order always fills whole (docs/trading.md, Orders), so there
 * is no partly filled status.
 */
export const orderStatuses = {
  pending: 'pending',
  filled: 'filled',
  cancelled: 'cancelled',
  expired: 'expired',
  refused: 'refused',
} as const;
export type OrderStatus = (typeof orderStatuses)[keyof typeof orderStatuses];
export const orderStatusList = Object.values(orderStatuses) as [OrderStatus, ...OrderStatus[]];

/** What a pending order waits for. */
export const waitingFor = { price: 'price', session: 'session', review: 'review' } as const;
export type WaitingFor = (typeof waitingFor)[keyof typeof waitingFor];
export const waitingForList = Object.values(waitingFor) as [WaitingFor, ...WaitingFor[]];

export const positionStatuses = { open: 'open', closed: 'closed' } as const;
export type PositionStatus = (typeof positionStatuses)[keyof typeof positionStatuses];
export const positionStatusList = Object.values(positionStatuses) as [PositionStatus, ...PositionStatus[]];

/** Who or what closed (a part of) a position. */
export const closeReasons = {
  member: 'member',
  stopLoss: 'stopLoss',
  takeProfit: 'takeProfit',
  stopOut: 'stopOut',
} as const;
export type CloseReason = (typeof closeReasons)[keyof typeof closeReasons];
export const closeReasonList = Object.values(closeReasons) as [CloseReason, ...CloseReason[]];

/**
 * Why a fill happened at its price ("why this price", docs/trading.md). Each is a message key
 * `trade.fill.<reason>` with the params of `fillReason.params`; the server also renders it in the
 * request's language as `text`.
 */
export const fillReasons = {
  /** A market order during the session: at the ask (buy) or the bid (sell). */
  market: 'market',
  /** A market order placed outside the session: at the session's first price. */
  sessionOpen: 'sessionOpen',
  /** A limit reached: at the better of the limit and the opposite side. */
  limitReached: 'limitReached',
  /** A stop triggered and filled at the first price after the trigger. */
  stopTriggered: 'stopTriggered',
  /** A stop the market skipped: filled at the worse first price, never at the stop. */
  stopGap: 'stopGap',
  /** A stop-limit triggered and its limit reached. */
  stopLimitReached: 'stopLimitReached',
  /** A trailing stop triggered at its trailed price. */
  trailingTriggered: 'trailingTriggered',
  /** A block order passed by an operator at the price of the review. */
  blockPassed: 'blockPassed',
  /** An order from a block offer passed by an operator: at its block price (docs/blocktrade.md). */
  blockOfferPassed: 'blockOfferPassed',
  /** Closes of positions. */
  closeMember: 'closeMember',
  closeStopLoss: 'closeStopLoss',
  closeStopLossGap: 'closeStopLossGap',
  closeTakeProfit: 'closeTakeProfit',
  closeStopOut: 'closeStopOut',
  /** An IPO allotment delivered at the listing: opened at the issue price, no fee (docs/ipo.md). */
  ipoListed: 'ipoListed',
} as const;
export type FillReasonKey = (typeof fillReasons)[keyof typeof fillReasons];
export const fillReasonList = Object.values(fillReasons) as [FillReasonKey, ...FillReasonKey[]];

/** A block order: this many shares or more wait for an operator's review (docs/product.md section 5). */
export const blockOrderQuantity = 10_000;

/** The operator's decision on a block order. */
export const orderReviewStatuses = { pass: 1, refuse: 2 } as const;

/** A positive price, at most 8 decimals. */
export const priceField = z
  .string({ error: 'validation.decimal' })
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.decimal' })
  .refine((value) => /[1-9]/.test(value), { error: 'validation.positive' })
  .describe('decimal string, above 0');

/** The most shares one order or close may name. */
export const maxOrderQuantity = 100_000_000;

/** A whole number of shares; the server checks it is a multiple of the instrument's board lot. */
export const quantityField = z
  .number({ error: 'validation.integer' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.tooSmall' })
  .max(maxOrderQuantity, { error: 'validation.tooBig' });

export const symbolField = z.string().trim().min(1, { error: 'validation.required' }).max(32).toUpperCase();

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

/** "Why this price": a message key, its params, and the text in the request's language. */
export const fillReason = z.object({
  key: z.enum(fillReasonList),
  params: z.record(z.string(), z.string()),
  text: z.string(),
});
export type FillReason = z.infer<typeof fillReason>;
