import Decimal from 'decimal.js';
import type { WithdrawConfig } from './api/types.ts';

/** Money stays a decimal string; previews compute with decimal.js, never a JS number. */
export type WithdrawPreview = { fee: string; total: string; received: string };

/**
 * The server's fee rule (withdraw.ts `withdrawalFee`): the rate times the amount rounded up to
 * 8 places, at least the currency's minimum fee. The fee is frozen on top of the amount, and
 * the amount is what reaches the wallet.
 */
export function withdrawPreview(config: WithdrawConfig, currency: string, amount: string): WithdrawPreview {
  const value = new Decimal(amount);
  const minimum = config.currencies.find((rule) => rule.currency === currency)?.feeMinimum ?? '0';
  const proportional = value.times(config.feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
  const fee = Decimal.max(proportional, minimum);
  return { fee: fee.toFixed(), total: value.plus(fee).toFixed(), received: value.toFixed() };
}

/** Whether `amount` is at least `minimum` (both decimal strings). */
export const atLeast = (amount: string, minimum: string) => new Decimal(amount).greaterThanOrEqualTo(minimum);

export const isNegative = (amount: string) => new Decimal(amount).isNegative();
