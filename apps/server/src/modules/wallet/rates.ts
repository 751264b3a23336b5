import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { appSettings, currencies } from '../../db/schema/index.ts';
import { Money } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';

/** Operator-editable wallet rules, the `wallet` row of app_settings. */
export type WalletSetting = {
  /** docs/product.md section 9: $10. */
  withdrawMinimumUsd: string;
  withdrawFeeRate: string;
  withdrawFeeMinimumUsd: string;
  withdrawRequiresKyc: boolean;
  /** A deposit currency credited to another balance, e.g. { "USDT": "USD" }; unmapped ones credit themselves. */
  depositCreditCurrency: Record<string, string>;
};

export const defaultWalletSetting: WalletSetting = {
  withdrawMinimumUsd: '10',
  withdrawFeeRate: '0.01',
  withdrawFeeMinimumUsd: '1',
  withdrawRequiresKyc: false,
  depositCreditCurrency: {},
};

export async function walletSetting(db: Database | Transaction): Promise<WalletSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'wallet'));
  return { ...defaultWalletSetting, ...((row?.value as Partial<WalletSetting> | undefined) ?? {}) };
}

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

/** Formats an instant in a timezone as `YYYY-MM-DD HH:mm:ss`; unknown zones fall back to UTC. */
export function localTime(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

export function resolveTimezone(candidate: string | undefined): string {
  if (!candidate) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: candidate });
    return candidate;
  } catch {
    return 'UTC';
  }
}
