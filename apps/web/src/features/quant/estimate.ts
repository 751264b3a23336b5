import Decimal from 'decimal.js';

/**
 * The estimated profit of an amount over a cycle at a daily rate, rounded down to the currency's
 * decimals: the server's estimate (quant views), for the purchase form before it is sent.
 */
export function estimatedProfit(amount: string, rate: string, cycleDays: number, decimals: number): string {
  return new Decimal(amount).times(rate).times(cycleDays).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

export const below = (amount: string, limit: string) => new Decimal(amount).lessThan(limit);
export const above = (amount: string, limit: string) => new Decimal(amount).greaterThan(limit);
