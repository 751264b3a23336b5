import { type Direction, directions } from '@soar/contract';
import type Decimal from 'decimal.js';
import { Money, moneyString } from '../../lib/decimal.ts';
import {
  formatPrice,
  type Instrument,
  priceDecimals,
  type QuoteState,
  quotedSides,
  sidesOf,
} from '../../market/instrument.ts';

export type Sides = { last: Money; bid: Money; ask: Money };

const sidesAt = (instrument: Instrument, last: Money, pair: { bid: number; ask: number }): Sides => ({
  last,
  bid: new Money(formatPrice(instrument, pair.bid)),
  ask: new Money(formatPrice(instrument, pair.ask)),
});

/**
 * The bid and ask the market quotes with a last price (docs/market.md, Bid and ask): the pair of
 * grid prices, a spread apart, that holds it. Used where only a last is known (a past close).
 */
export function sides(instrument: Instrument, last: number | string): Sides {
  const price = new Money(last);
  return sidesAt(instrument, price, quotedSides(instrument, price.toNumber()));
}

/**
 * The live quote of an instrument: its last trade, and the bid and ask the simulator (or feed)
 * quotes with it. What a member sees on the quote page is what an order gets.
 */
export function liveSides(instrument: Instrument, state: QuoteState): Sides {
  return sidesAt(instrument, new Money(formatPrice(instrument, state.price)), sidesOf(instrument, state));
}

/** The side a fill takes: a buy pays the ask, a sell gets the bid (closing reverses the side). */
export function fillSide(direction: Direction): 'ask' | 'bid' {
  return direction === directions.buy ? 'ask' : 'bid';
}

export function priceOn(side: 'ask' | 'bid', quoted: Sides): Money {
  return side === 'ask' ? quoted.ask : quoted.bid;
}

export function formatPx(instrument: Instrument, value: Money): string {
  return value.toFixed(priceDecimals(instrument, value.toNumber()));
}

export type FeeRow = {
  market: string;
  currency: string;
  rate: string;
  minimum: string;
  platformFee: string;
  vipDiscounts: { level: number; discount: string }[];
  stopOutRatio: string;
  /** The currency's decimals (its minor units); 2 when not given. */
  decimals?: number;
};

export function discountOf(row: Pick<FeeRow, 'vipDiscounts'>, vipLevel: number): Money {
  // The best discount of a level at or below the member's.
  let best = new Money(0);
  for (const step of row.vipDiscounts)
    if (step.level <= vipLevel && best.lt(step.discount)) best = new Money(step.discount);
  return best;
}

/**
 * The fee of one fill (docs/trading.md, Fees): commission = notional x rate, less the VIP
 * discount, at least the minimum; plus the per-order platform fee. Rounded up to the currency's
 * minor unit (the cent, the whole yen).
 */
export function feeOf(row: FeeRow, vipLevel: number, notional: Money, withPlatformFee = true) {
  const discount = discountOf(row, vipLevel);
  const raw = notional.mul(row.rate).mul(new Money(1).sub(discount));
  const commission = Money.max(raw, row.minimum).toDecimalPlaces(row.decimals ?? 2, Money.ROUND_UP);
  const platform = withPlatformFee ? new Money(row.platformFee) : new Money(0);
  return {
    discount,
    commission,
    platformFee: platform,
    fee: commission.add(platform),
    breakdown: {
      market: row.market,
      rate: moneyString(row.rate),
      minimum: moneyString(row.minimum),
      platformFee: moneyString(platform),
      vipLevel,
      discount: moneyString(discount),
      commission: moneyString(commission),
      fee: moneyString(commission.add(platform)),
    },
  };
}

/** P/L of `quantity` opened at `open` and closed at `close`, before fees; negated for a short. */
export function pnlOf(direction: Direction, open: Decimal.Value, close: Decimal.Value, quantity: number): Money {
  const move = new Money(close).sub(open).mul(quantity);
  return direction === directions.buy ? move : move.neg();
}

/** A short's stop-out price: its loss reaches `ratio` of its collateral (the opening cost). */
export function stopOutPrice(openPrice: Decimal.Value, ratio: Decimal.Value): Money {
  return new Money(openPrice).mul(new Money(1).add(ratio));
}

/** Extra frozen on a pending order whose fill price is not bounded (market, stop, trailing). */
export const freezeBuffer = new Money('0.05');
