import { z } from 'zod';
import { idField, isoTime as time } from './fields.ts';
import { decimalString } from './money.ts';
import {
  closeReasonList,
  directionList,
  feeBreakdown,
  fillReason,
  positionStatusList,
  quantityField,
  symbolField,
  tradeSession,
} from './trade-terms.ts';

/** A member's positions, their closes, and closing what is held (docs/trading.md). */
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
