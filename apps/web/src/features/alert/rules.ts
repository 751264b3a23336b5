import {
  type AlertKind,
  decimalString,
  directions,
  type Position,
  positionAlertKinds,
  symbolAlertKinds,
  valuelessAlertKinds,
} from '@soar/contract';
import Decimal from 'decimal.js';

/** What an alert's value is: its field's label (`alert.value.*`) follows it. */
export type ValueKind = 'price' | 'percent' | 'amount' | 'distance';

export const valueKindOf: Record<AlertKind, ValueKind | undefined> = {
  priceAbove: 'price',
  priceBelow: 'price',
  changeUp: 'percent',
  changeDown: 'percent',
  high52: undefined,
  low52: undefined,
  positionPnlPercent: 'percent',
  positionPnlAmount: 'amount',
  stopDistance: 'distance',
};

export const takesValue = (kind: AlertKind) => !valuelessAlertKinds.includes(kind);

/** The kinds a sheet offers: a quote's, or a position's ("near my stop loss" only with a stop loss). */
export function kindsFor(position?: Pick<Position, 'stopLoss'>): AlertKind[] {
  if (!position) return [...symbolAlertKinds];
  return positionAlertKinds.filter((kind) => kind !== 'stopDistance' || position.stopLoss !== null);
}

/** The cool-downs a repeating alert offers, in minutes (the contract takes 1 to 10,080). */
export const cooldownChoices = [15, 60, 240, 1440] as const;

type Range = { min: string; max: string; decimals: number };

/**
 * The range of each kind's value, as the server checks it (apps/server/src/modules/alert/service.ts):
 * a P/L amount is money of the position's currency, at its decimals.
 */
export function valueRangeOf(kind: AlertKind, amountDecimals = 2): Range | undefined {
  switch (kind) {
    case 'priceAbove':
    case 'priceBelow':
      return { min: '0.00000001', max: '999999999999', decimals: 8 };
    case 'changeUp':
      return { min: '0.01', max: '1000', decimals: 2 };
    case 'changeDown':
      return { min: '0.01', max: '99.99', decimals: 2 };
    case 'positionPnlPercent':
      return { min: '-1000', max: '1000', decimals: 2 };
    case 'positionPnlAmount':
      return { min: '-999999999999', max: '999999999999', decimals: amountDecimals };
    case 'stopDistance':
      return { min: '0.01', max: '50', decimals: 2 };
    default:
      return undefined;
  }
}

/** A typed value as the wire takes it: a comma is read as the decimal point, nothing else changes. */
export const wireValue = (typed: string) => typed.trim().replace(',', '.');

export type ValueProblem = { key: string; params?: Record<string, string | number> };

/**
 * What is wrong with a typed value, said, never corrected: nothing typed, not a decimal as the
 * contract reads one, or outside the kind's range (a P/L of 0 is no move at all).
 */
export function valueProblem(kind: AlertKind, typed: string, amountDecimals?: number): ValueProblem | undefined {
  const range = valueRangeOf(kind, amountDecimals);
  if (!range) return undefined;
  const value = wireValue(typed);
  if (!value) return { key: 'validation.required' };
  if (!decimalString.safeParse(value).success) return { key: 'validation.decimal' };
  const amount = new Decimal(value);
  const signed = kind === 'positionPnlPercent' || kind === 'positionPnlAmount';
  if (
    amount.lt(range.min) ||
    amount.gt(range.max) ||
    amount.decimalPlaces() > range.decimals ||
    (signed && amount.isZero())
  ) {
    return { key: 'errors.ALERT_VALUE_RANGE', params: { ...range } };
  }
  return undefined;
}

/** What a relative level is measured from: the previous close, or the position. */
export type Basis = {
  prevClose?: string;
  position?: Pick<Position, 'direction' | 'openPrice' | 'quantity' | 'stopLoss'>;
};

/** Which price of a quote an alert watches: position P/L is read at the closing side, as shown. */
export type Watch = 'last' | 'bid' | 'ask';

export type Level = { watch: Watch; price: string; up: boolean };

const units = (price: Decimal, up: boolean) => price.toDecimalPlaces(8, up ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);

/**
 * Where an alert of `kind` at `value` fires, and from which side, as the server computes it
 * (apps/server/src/modules/alert/levels.ts) at 8 decimals: an up level rounds up and a down
 * level down. Undefined for a 52-week alert (the server knows the year) or a value not yet valid.
 */
export function levelOf(kind: AlertKind, typed: string, basis: Basis): Level | undefined {
  const value = wireValue(typed);
  if (!takesValue(kind) || !decimalString.safeParse(value).success) return undefined;
  const v = new Decimal(value);
  const percent = v.div(100);
  const level = (watch: Watch, price: Decimal, up: boolean): Level | undefined =>
    price.gt(0) ? { watch, price: units(price, up).toFixed(), up } : undefined;
  switch (kind) {
    case 'priceAbove':
      return level('last', v, true);
    case 'priceBelow':
      return level('last', v, false);
    case 'changeUp':
      return basis.prevClose ? level('last', new Decimal(basis.prevClose).mul(percent.add(1)), true) : undefined;
    case 'changeDown':
      return basis.prevClose ? level('last', new Decimal(basis.prevClose).mul(percent.neg().add(1)), false) : undefined;
  }
  const position = basis.position;
  if (!position || position.quantity <= 0) return undefined;
  const long = position.direction === directions.buy;
  const open = new Decimal(position.openPrice);
  const watch: Watch = long ? 'bid' : 'ask';
  // A gain is a rise for a long and a fall for a short.
  const up = long === v.gt(0);
  switch (kind) {
    case 'positionPnlPercent':
      return level(watch, open.mul(long ? percent.add(1) : percent.neg().add(1)), up);
    case 'positionPnlAmount': {
      const move = v.div(position.quantity);
      return level(watch, long ? open.add(move) : open.sub(move), up);
    }
    case 'stopDistance': {
      if (!position.stopLoss) return undefined;
      const stop = new Decimal(position.stopLoss);
      return level('last', long ? stop.mul(percent.add(1)) : stop.mul(percent.neg().add(1)), !long);
    }
  }
  return undefined;
}

/** The price an alert of `kind` watches now: a position's P/L at its closing side, the rest at the last trade. */
export function watchedOf(
  kind: AlertKind,
  quote: { price: string; bid: string | null; ask: string | null },
  position?: Pick<Position, 'direction'>,
): string {
  if (!position || kind === 'stopDistance') return quote.price;
  const side = position.direction === directions.buy ? quote.bid : quote.ask;
  return side ?? quote.price;
}
