import type { Database, Transaction } from '../db/client.ts';
import { currencies } from '../db/schema/index.ts';
import { Money } from '../lib/decimal.ts';
import { AppError, ValidationError } from '../lib/errors.ts';

export type CurrencyRate = { code: string; rateToUsd: Money; decimals: number; enabled: boolean };

/** Every currency with its rate; disabled ones still value balances already held in them. */
export async function currencyRates(db: Database | Transaction): Promise<Map<string, CurrencyRate>> {
  const rows = await db
    .select({
      code: currencies.code,
      rateToUsd: currencies.rateToUsd,
      decimals: currencies.decimals,
      enabled: currencies.enabled,
    })
    .from(currencies)
    .orderBy(currencies.sort);
  return new Map(rows.map((row) => [row.code, { ...row, rateToUsd: new Money(row.rateToUsd) }]));
}

/** A currency a member may choose: known and enabled. */
export function rateOf(rates: Map<string, CurrencyRate>, code: string): CurrencyRate {
  const rate = rates.get(code);
  if (!rate?.enabled) throw new AppError('CURRENCY_UNKNOWN', undefined, { currency: code });
  return rate;
}

/**
 * Money an operator enters moves in whole units of its currency's decimals (docs/admin.md, Rules):
 * 0.001 USD would be shown as 0.00 and still be booked, so it is refused, naming the field.
 */
export function assertCurrencyDecimals(field: string, amount: Money | string, rate: CurrencyRate): void {
  if (new Money(amount).decimalPlaces() <= rate.decimals) return;
  throw new ValidationError([
    { messageKey: 'validation.currencyDecimals', params: { field, currency: rate.code, decimals: rate.decimals } },
  ]);
}

/** Units of `to` for one unit of `from`, at the currency list's rates. */
export function crossRate(rates: Map<string, CurrencyRate>, from: string, to: string): Money {
  const rate = (code: string) => {
    const found = rates.get(code);
    if (!found) throw new AppError('CURRENCY_UNKNOWN', undefined, { currency: code });
    return found.rateToUsd;
  };
  return rate(from).div(rate(to));
}

/** Converted money rounds down to the ledger's 8 places: the platform never pays out a rounding. */
export function convert(rates: Map<string, CurrencyRate>, amount: Money | string, from: string, to: string): Money {
  if (from === to) return new Money(amount);
  return new Money(amount).times(crossRate(rates, from, to)).toDecimalPlaces(8, Money.ROUND_DOWN);
}

/** The largest amount numeric(24,8) holds: every stored amount and every answer's decimal fits. */
export const maxLedgerAmount = new Money('9999999999999999.99999999');

/**
 * Money that lands in a balance (a transfer, a converted deposit) is whole minor units of the
 * currency it lands in (the currency list's `decimals`: EUR 2, JPY 0, USDT 6), to the nearest
 * unit, half up, as a bank's exchange rounds: 10 USD lands as 9.22 EUR. The difference from the
 * exact conversion (at the ledger's 8 places) is the platform's `rounding` line, either way, so
 * the entry still balances and the quote names exactly what arrives (docs/ledger.md, Minor units).
 */
export function convertLanding(
  rates: Map<string, CurrencyRate>,
  amount: Money | string,
  from: string,
  to: string,
): { converted: Money; received: Money; remainder: Money } {
  const converted = convertFitting(rates, amount, from, to);
  if (from === to) return { converted, received: converted, remainder: new Money(0) };
  const decimals = rates.get(to)?.decimals ?? 2;
  const received = converted.toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
  return { converted, received, remainder: converted.minus(received) };
}

/** `convert`, refused (AMOUNT_TOO_LARGE) when the result would not fit the ledger's numeric(24,8). */
export function convertFitting(
  rates: Map<string, CurrencyRate>,
  amount: Money | string,
  from: string,
  to: string,
): Money {
  const converted = convert(rates, amount, from, to);
  if (converted.abs().gt(maxLedgerAmount)) throw new AppError('AMOUNT_TOO_LARGE', undefined, { from, to });
  return converted;
}
