import { type Currency, directions, type Position } from '@soar/contract';
import Decimal from 'decimal.js';

export type LiveFigures = {
  /** The price a close would get now: the bid for a long, the ask for a short. */
  mark: string | null;
  marketValue: string | null;
  floatingPnl: string | null;
  floatingPnlPercent: string | null;
};

/**
 * A position's figures at the latest traded price, for display between the server's answers
 * (docs/trading.md: floating P/L is the server's on read and the client's between ticks). A tick
 * carries the last price only, so the mark keeps the spread the server answered with: mark =
 * last + (server's mark - server's last).
 */
export function liveFigures(position: Position, last: string | undefined): LiveFigures {
  if (last === undefined || position.markPrice === null || position.last === null) {
    return {
      mark: position.markPrice,
      marketValue: position.marketValue,
      floatingPnl: position.floatingPnl,
      floatingPnlPercent: position.floatingPnlPercent,
    };
  }
  const mark = new Decimal(last).plus(new Decimal(position.markPrice).minus(position.last));
  const move = mark.minus(position.openPrice).times(position.quantity);
  const pnl = position.direction === directions.buy ? move : move.negated();
  const cost = new Decimal(position.cost);
  return {
    mark: mark.toString(),
    marketValue: mark.times(position.quantity).toString(),
    floatingPnl: pnl.toString(),
    floatingPnlPercent: cost.isZero() ? null : pnl.dividedBy(cost).times(100).toFixed(2),
  };
}

export type CurrencyTotal = {
  currency: string;
  floatingPnl: string;
  marketValue: string;
  cost: string;
  positions: number;
};

/** Floating P/L, market value and cost per currency, in the order the currencies first appear. */
export function totalsByCurrency(rows: { position: Position; figures: LiveFigures }[]): CurrencyTotal[] {
  const totals = new Map<string, { pnl: Decimal; value: Decimal; cost: Decimal; positions: number }>();
  for (const { position, figures } of rows) {
    const total = totals.get(position.currency) ?? {
      pnl: new Decimal(0),
      value: new Decimal(0),
      cost: new Decimal(0),
      positions: 0,
    };
    total.pnl = total.pnl.plus(figures.floatingPnl ?? 0);
    total.value = total.value.plus(figures.marketValue ?? figures.mark ?? 0);
    total.cost = total.cost.plus(position.cost);
    total.positions += 1;
    totals.set(position.currency, total);
  }
  return [...totals].map(([currency, total]) => ({
    currency,
    floatingPnl: total.pnl.toString(),
    marketValue: total.value.toString(),
    cost: total.cost.toString(),
    positions: total.positions,
  }));
}

/**
 * The sum of amounts in several currencies, in `target`, through the currency list's USD rates;
 * undefined when a currency has no rate (an approximation is not shown rather than shown wrong).
 */
export function sumIn(amounts: { currency: string; amount: string }[], currencies: Currency[], target: string) {
  const rates = new Map(currencies.map((currency) => [currency.code, currency.rateToUsd]));
  const targetRate = rates.get(target);
  if (!targetRate || new Decimal(targetRate).isZero()) return undefined;
  let usd = new Decimal(0);
  for (const { currency, amount } of amounts) {
    const rate = rates.get(currency);
    if (!rate) return undefined;
    usd = usd.plus(new Decimal(amount).times(rate));
  }
  return usd.dividedBy(targetRate).toString();
}

export const signOf = (value: string | null | undefined): 'up' | 'down' | 'flat' =>
  !value || new Decimal(value).isZero() ? 'flat' : new Decimal(value).isNegative() ? 'down' : 'up';
