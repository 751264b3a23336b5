import { type Direction, directions } from '@soar/contract';
import type Decimal from 'decimal.js';
import { Money, moneyString } from '../../lib/decimal.ts';
import { type Instrument, priceDecimals, tickSize } from '../../market/instrument.ts';

/**
 * The simulator's quoted spread (docs/trading.md, Prices): the bid and the ask sit this many ticks
 * below and above the last price. Liquid names (a high average volume) quote one tick each side,
 * the rest two.
 */
export function spreadTicks(instrument: Pick<Instrument, 'averageVolume'>): number {
  return instrument.averageVolume >= 5_000_000 ? 1 : 2;
}

export type Sides = { last: Money; bid: Money; ask: Money };

/** Bid and ask around `last`, on the tick grid; the bid never reaches zero. */
export function sides(instrument: Instrument, last: number | string): Sides {
  const price = new Money(last);
  const tick = new Money(tickSize(instrument, price.toNumber()));
  const half = tick.mul(spreadTicks(instrument));
  const bid = Money.max(tick, price.sub(half));
  return { last: price, bid, ask: price.add(half) };
}

/** The side a fill takes: a buy pays the ask, a sell gets the bid (closing reverses the side). */
export function fillSide(direction: Direction): 'ask' | 'bid' {
  return direction === directions.buy ? 'ask' : 'bid';
}

export function priceOn(side: 'ask' | 'bid', quoted: Sides): Money {
  return side === 'ask' ? quoted.ask : quoted.bid;
}

export function formatPx(instrument: Instrument, value: Money): string {
  return value.toFixed(priceDecimals(instrument));
}

export type FeeRow = {
  market: string;
  currency: string;
  rate: string;
  minimum: string;
  platformFee: string;
  vipDiscounts: { level: number; discount: string }[];
  stopOutRatio: string;
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
 * discount, at least the minimum; plus the per-order platform fee. Rounded up to the cent.
 */
export function feeOf(row: FeeRow, vipLevel: number, notional: Money, withPlatformFee = true) {
  const discount = discountOf(row, vipLevel);
  const raw = notional.mul(row.rate).mul(new Money(1).sub(discount));
  const commission = Money.max(raw, row.minimum).toDecimalPlaces(2, Money.ROUND_UP);
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
