import Decimal from 'decimal.js';

/** Money is decimal.js in code (docs/ledger.md); this precision covers numeric(24,8) exactly. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** The wire form: no exponent, no trailing zeros ("1234.5"). */
export function moneyString(value: Decimal.Value): string {
  return new Money(value).toFixed();
}
