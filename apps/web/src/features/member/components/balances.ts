import type { Currency } from '@soar/contract';
import Decimal from 'decimal.js';

export type Balance = { currency: string; available: string; frozen: string };

/**
 * The worth of every balance (available and frozen) in `target`, as a decimal string:
 * sum(amount in X * rateToUsd(X)) / rateToUsd(target). Balances in a currency without a rate
 * are left out; undefined when the target has no usable rate.
 */
export function totalIn(balances: Balance[], currencies: Currency[], target: string): string | undefined {
  const rates = new Map(currencies.map((currency) => [currency.code, currency.rateToUsd]));
  const targetRate = rates.get(target);
  if (!targetRate || new Decimal(targetRate).isZero()) return undefined;
  let usd = new Decimal(0);
  for (const balance of balances) {
    const rate = rates.get(balance.currency);
    if (!rate) continue;
    usd = usd.plus(new Decimal(balance.available).plus(balance.frozen).times(rate));
  }
  return usd.dividedBy(targetRate).toFixed(8);
}
