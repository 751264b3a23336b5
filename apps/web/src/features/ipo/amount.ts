import Decimal from 'decimal.js';

/**
 * What a subscription freezes: lots x lot size x price + the fee (docs/ipo.md), the server's
 * sum, shown on the payment page before it is sent.
 */
export function subscriptionAmount(lots: number, lotSize: number, price: string, fee: string): string {
  return new Decimal(price).times(lots).times(lotSize).plus(fee).toFixed();
}
