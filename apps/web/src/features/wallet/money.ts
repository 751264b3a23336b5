import Decimal from 'decimal.js';
import type { WithdrawConfig } from './api/types.ts';

/** Money stays a decimal string; previews compute with decimal.js, never a JS number. */
export type WithdrawPreview = { fee: string; total: string; received: string; rate: string };

const Exact = Decimal.clone({ precision: 40 });

/**
 * The server's rules (withdraw.ts `withdrawalFee`, `withdrawalArrival`): the fee is the rate times
 * the amount rounded up to 8 places, at least the currency's minimum fee, frozen on top of the
 * amount; the amount reaches the wallet converted into its currency at the listed rates (the
 * rate rounded down to 12 places, the arrival down to 8).
 */
export function withdrawPreview(
  config: WithdrawConfig,
  currency: string,
  amount: string,
  walletCurrency: string = currency,
): WithdrawPreview {
  const value = new Exact(amount);
  const ruleOf = (code: string) => config.currencies.find((rule) => rule.currency === code);
  const minimum = ruleOf(currency)?.feeMinimum ?? '0';
  const proportional = value.times(config.feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
  const fee = Exact.max(proportional, minimum);
  const from = ruleOf(currency)?.rateToUsd;
  const to = ruleOf(walletCurrency)?.rateToUsd;
  const rate =
    currency === walletCurrency || !from || !to
      ? new Exact(1)
      : new Exact(from).div(to).toDecimalPlaces(12, Decimal.ROUND_DOWN);
  return {
    fee: fee.toFixed(),
    total: value.plus(fee).toFixed(),
    received: value.times(rate).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    rate: rate.toFixed(),
  };
}

/** Whether `amount` is at least `minimum` (both decimal strings). */
export const atLeast = (amount: string, minimum: string) => new Decimal(amount).greaterThanOrEqualTo(minimum);

export const isNegative = (amount: string) => new Decimal(amount).isNegative();
