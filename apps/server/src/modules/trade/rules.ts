import { blockOrderQuantity, directions, fillReasons, type OrderInput, orderTypes } from '@soar/contract';
import type Decimal from 'decimal.js';
import type { FillReasonRecord } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import type { Instrument } from '../../market/instrument.ts';
import { priceDecimals, tickSize } from '../../market/instrument.ts';
import { type FeeRow, feeOf, fillSide, formatPx, freezeBuffer, priceOn, type Sides } from './pricing.ts';

/** What an order must satisfy, when it fills at once and what it freezes (docs/trading.md). */
function isBuyLimitBounded(type: string, direction: string) {
  return direction === directions.buy && (type === orderTypes.limit || type === orderTypes.stopLimit);
}

/** Checks the order's fields against its type, its lot and the sides of its stop loss and take profit. */
export function validate(input: OrderInput, instrument: Instrument, quoted: Sides) {
  if (input.quantity % instrument.lotSize !== 0) {
    throw new AppError('TRADE_QUANTITY_LOT', undefined, { lot: instrument.lotSize });
  }
  const needs: Record<string, string[]> = {
    market: [],
    limit: ['limitPrice'],
    stop: ['stopPrice'],
    stopLimit: ['stopPrice', 'limitPrice'],
    trailingStop: [],
  };
  const priceFields = ['limitPrice', 'stopPrice', 'trailAmount', 'trailPercent'] as const;
  const required = needs[input.type] ?? [];
  for (const field of priceFields) {
    const given = input[field] !== undefined;
    const trail = field === 'trailAmount' || field === 'trailPercent';
    if (required.includes(field) && !given) throw new AppError('TRADE_PRICE_REQUIRED', undefined, { field });
    if (!required.includes(field) && given && !(trail && input.type === orderTypes.trailingStop)) {
      throw new AppError('TRADE_PRICE_NOT_ALLOWED', undefined, { field });
    }
  }
  if (
    input.type === orderTypes.trailingStop &&
    (input.trailAmount === undefined) === (input.trailPercent === undefined)
  ) {
    throw new AppError('TRADE_TRAIL_REQUIRED');
  }
  checkTicks(instrument, quoted, input);
  const reference = new Money(input.limitPrice ?? input.stopPrice ?? quoted.last);
  checkProtection(input.direction, reference, input.stopLoss, input.takeProfit);
}

type PricedFields = Partial<
  Record<'limitPrice' | 'stopPrice' | 'trailAmount' | 'stopLoss' | 'takeProfit', string | null>
>;

/**
 * Every price an order or a position names sits on the instrument's tick grid at its own level
 * (docs/market.md, Ticks); a trailing distance is a whole number of ticks at the last price. A
 * price off the grid is refused, never rounded: a limit of 0.001 USD would otherwise wait for a
 * price that can never print.
 */
export function checkTicks(instrument: Instrument, quoted: Sides, fields: PricedFields) {
  for (const field of ['limitPrice', 'stopPrice', 'trailAmount', 'stopLoss', 'takeProfit'] as const) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    const price = new Money(value);
    const level = field === 'trailAmount' ? quoted.last : price;
    // Never finer than the instrument's quoted decimals: 0.001 USD is not a price AAPL prints.
    const unit = new Money(10).pow(-priceDecimals(instrument));
    const tick = Money.max(unit, tickSize(instrument, level.toNumber()));
    if (!price.mod(tick).isZero()) {
      throw new AppError('PRICE_TICK', undefined, { field, tick: tick.toString(), currency: instrument.currency });
    }
  }
}

export function checkProtection(
  direction: string,
  reference: Money,
  stopLoss?: string | null,
  takeProfit?: string | null,
) {
  const long = direction === directions.buy;
  if (stopLoss && (long ? !reference.gt(stopLoss) : !reference.lt(stopLoss))) {
    throw new AppError('TRADE_STOP_LOSS_SIDE');
  }
  if (takeProfit && (long ? !reference.lt(takeProfit) : !reference.gt(takeProfit))) {
    throw new AppError('TRADE_TAKE_PROFIT_SIDE');
  }
}

/** Whether an order fills at once at `quoted`, and at which price and why. */
export function immediateFill(input: OrderInput, instrument: Instrument, quoted: Sides, sessionOpen: boolean) {
  if (!sessionOpen || input.quantity >= blockOrderQuantity) return undefined;
  const side = fillSide(input.direction);
  const price = priceOn(side, quoted);
  const px = (value: Decimal.Value) => formatPx(instrument, new Money(value));
  if (input.type === orderTypes.market) {
    const reason: FillReasonRecord = { key: fillReasons.market, params: { price: px(price), side } };
    return { price, reason };
  }
  if (input.type === orderTypes.limit && input.limitPrice) {
    const reached = input.direction === directions.buy ? price.lte(input.limitPrice) : price.gte(input.limitPrice);
    if (reached) {
      const reason: FillReasonRecord = {
        key: fillReasons.limitReached,
        params: { limit: px(input.limitPrice), price: px(price), side },
      };
      return { price, reason };
    }
  }
  return undefined;
}

/** What a pending order freezes: a bounded buy limit its limit, anything else 5 % above the dearest reference. */
export function freezeOf(
  order: Pick<OrderInput, 'type' | 'direction' | 'quantity' | 'limitPrice' | 'stopPrice'>,
  quoted: Sides,
  fees: FeeRow,
  vip: number,
) {
  let reference: Money;
  // A block order fills at the price of its review, not at its limit: it freezes like a market order.
  const block = order.quantity >= blockOrderQuantity;
  if (isBuyLimitBounded(order.type, order.direction) && order.limitPrice && !block) {
    reference = new Money(order.limitPrice);
  } else {
    reference = Money.max(quoted.ask, order.limitPrice ?? 0, order.stopPrice ?? 0).mul(new Money(1).add(freezeBuffer));
  }
  const notional = reference.mul(order.quantity).toDecimalPlaces(fees.decimals ?? 2, Money.ROUND_UP);
  return notional.add(feeOf(fees, vip, notional).fee);
}
