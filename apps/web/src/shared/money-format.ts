import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatRate } from './format.ts';
import { useAppStore } from './stores/app.ts';

/**
 * Money at its currency's decimals (the currency list's `decimals`: 2 for USD, 0 for JPY, 6 for USDT), with
 * the code after it (USDT is not ISO 4217, so Intl's currency style cannot take it); daily rates
 * as percentages. The app's one money formatter: every page shows an amount the same way. Display only: the wire's decimal strings are never computed with here.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const currencies = useAppStore((state) => state.currencies);
  const decimalsOf = (currency: string) => currencies.find((item) => item.code === currency)?.decimals ?? 2;
  // USDT keeps its 6 on-chain decimals (docs/ledger.md, Minor units): shown to the cent, and to
  // the last digit only where there is one ("25.50 USDT", "10.123456 USDT").
  const digits = (currency: string) => {
    const decimals = decimalsOf(currency);
    return { minimumFractionDigits: Math.min(decimals, 2), maximumFractionDigits: decimals };
  };
  return {
    decimalsOf,
    /** The number alone, at the currency's decimals (for messages that name the currency apart). */
    number: (value: string, currency: string) => formatNumber(value, locale, decimalsOf(currency), digits(currency)),
    amount: (value: string, currency: string, options: { sign?: boolean } = {}) =>
      `${formatNumber(value, locale, decimalsOf(currency), {
        ...digits(currency),
        ...(options.sign ? { signDisplay: 'exceptZero' as const } : {}),
      })} ${currency}`,
    /** An exchange rate ("1 USD = 0.921659 EUR"): six significant digits. */
    exchangeRate: (value: string) => formatRate(value, locale),
    /** A fraction as a percentage: "0.0035" is 0.35 %. */
    rate: (fraction: string, digits = 4) =>
      formatNumber(fraction, locale, 2, { style: 'percent', maximumFractionDigits: digits }),
    /** A calendar date (`2026-11-20`) as it is, whatever the viewer's timezone. */
    day: (date: string) => formatDate(`${date}T00:00:00Z`, locale, 'date', 'UTC'),
    date: (iso: string) => formatDate(iso, locale, 'date'),
    time: (iso: string) => formatDate(iso, locale, 'dateTime'),
  };
}
