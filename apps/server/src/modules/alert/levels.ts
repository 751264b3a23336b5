import { type AlertKind, directions } from '@soar/contract';
import type Decimal from 'decimal.js';
import type { alerts } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import type { PositionRow } from '../trade/index.ts';

export type AlertRow = typeof alerts.$inferSelect;

/** Which price of a tick an alert watches: position P/L is read at the closing side, as shown. */
export type Watch = 'last' | 'bid' | 'ask';

/** Where an alert sits in its book: the price units it fires at and from which side. */
export type Target = { watch: Watch; level: bigint; up: boolean };

/** What a relative alert is measured from: the previous close, the 52-week range, the position. */
export type Basis = {
  prevClose?: Decimal.Value;
  high52?: Decimal.Value;
  low52?: Decimal.Value;
  position?: PositionRow;
};

const unitsPerPrice = new Money(10).pow(8);

/** An up level rounds up and a down level down: the alert fires only once the exact level is reached. */
function units(price: Decimal.Value, up: boolean): bigint {
  return BigInt(new Money(price).mul(unitsPerPrice).toFixed(0, up ? Money.ROUND_CEIL : Money.ROUND_FLOOR));
}

/** An alert's level as a price (8 decimals), and which way the price must move to reach it. */
export function alertLevel(
  kind: AlertKind,
  value: Decimal.Value | null,
  basis: Basis,
): { watch: Watch; price: Money; up: boolean } | undefined {
  const v = new Money(value ?? 0);
  const percent = v.div(100);
  switch (kind) {
    case 'priceAbove':
      return { watch: 'last', price: v, up: true };
    case 'priceBelow':
      return { watch: 'last', price: v, up: false };
    case 'changeUp':
      return basis.prevClose
        ? { watch: 'last', price: new Money(basis.prevClose).mul(percent.add(1)), up: true }
        : undefined;
    case 'changeDown':
      return basis.prevClose
        ? { watch: 'last', price: new Money(basis.prevClose).mul(percent.neg().add(1)), up: false }
        : undefined;
    // A new high is above the highest of the year: one unit past it.
    case 'high52':
      return basis.high52 ? { watch: 'last', price: new Money(basis.high52).add('0.00000001'), up: true } : undefined;
    case 'low52':
      return basis.low52 ? { watch: 'last', price: new Money(basis.low52).sub('0.00000001'), up: false } : undefined;
  }
  const position = basis.position;
  if (!position || position.quantity <= 0) return undefined;
  const long = position.direction === directions.buy;
  const open = new Money(position.openPrice);
  const watch: Watch = long ? 'bid' : 'ask';
  // A gain is a rise for a long and a fall for a short.
  const gain = v.gt(0);
  switch (kind) {
    case 'positionPnlPercent':
      return { watch, price: open.mul(long ? percent.add(1) : percent.neg().add(1)), up: long === gain };
    case 'positionPnlAmount': {
      const move = v.div(position.quantity);
      return { watch, price: long ? open.add(move) : open.sub(move), up: long === gain };
    }
    case 'stopDistance': {
      if (!position.stopLoss) return undefined;
      const stop = new Money(position.stopLoss);
      // Coming near the stop: falling to within the distance above a long's, rising below a short's.
      return { watch: 'last', price: long ? stop.mul(percent.add(1)) : stop.mul(percent.neg().add(1)), up: !long };
    }
  }
  return undefined;
}

/** The book entry of an alert in its phase: armed at its level, or waiting just inside it to re-arm. */
export function targetOf(
  level: { watch: Watch; price: Money; up: boolean },
  phase: 'armed' | 'rearm',
): Target | undefined {
  if (level.price.lte(0)) return undefined;
  if (phase === 'armed') return { watch: level.watch, level: units(level.price, level.up), up: level.up };
  // Back across the level: strictly inside it, so touching the level again is not a new crossing.
  const at = units(level.price, level.up);
  return { watch: level.watch, level: level.up ? at - 1n : at + 1n, up: !level.up };
}

/** Whether a price (in units) is at or past a target. */
export function reached(target: Target, price: bigint): boolean {
  return target.up ? price >= target.level : price <= target.level;
}

export function priceOfUnits(level: bigint): string {
  return new Money(level.toString()).div(unitsPerPrice).toFixed();
}

export { units as priceUnitsToward };
