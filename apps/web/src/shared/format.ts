import { numberDecimals } from './constants.ts';

/**
 * Intl formatters are slow to build and cheap to use: live rows format on every tick, so each
 * (locale, options) pair is built once (docs/performance.md, bench:web).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * docs/product.md section 9: numbers show 4 decimals unless told otherwise. Values may be decimal strings
 * from the wire; they are formatted for display only, never computed with here.
 */
export function formatNumber(
  value: number | string,
  locale: string,
  decimals: number = numberDecimals,
  options: Intl.NumberFormatOptions = {},
): string {
  const number = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(number)) return '--';
  // A decimal string is formatted as written (Intl reads it exactly, never through a float):
  // 90071992547409.99 stays itself instead of becoming ...410.00.
  const exact = typeof value === 'string' ? (value.trim() as Intl.StringNumericLiteral) : value;
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, ...options }).format(
    exact,
  );
}

export function formatMoney(value: number | string, currency: string, locale: string, decimals = 2): string {
  return formatNumber(value, locale, decimals, { style: 'currency', currency });
}

/**
 * An exchange rate (units of one currency per unit of another): six significant digits, at least
 * two decimals, so "0.921659" and "149.530" read as rates, not as money.
 */
export function formatRate(value: number | string, locale: string): string {
  const number = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(number)) return '--';
  const whole = Math.max(1, Math.floor(Math.log10(Math.abs(number) || 1)) + 1);
  const decimals = Math.min(8, Math.max(2, 6 - whole));
  return formatNumber(number, locale, 2, { maximumFractionDigits: decimals });
}

export function formatPercent(value: number | string, locale: string, decimals = 2): string {
  const number = typeof value === 'string' ? Number(value) : value;
  return formatNumber(number / 100, locale, decimals, { style: 'percent', signDisplay: 'exceptZero' });
}

export type DateStyle = 'date' | 'dateTime' | 'time';

const dateStyles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
};

/** A date in the selected locale; `timeZone` shows a market's local time. */
export function formatDate(
  value: Date | string | number,
  locale: string,
  style: DateStyle = 'dateTime',
  timeZone?: string,
) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  return dateFormat(locale, { ...dateStyles[style], ...(timeZone ? { timeZone } : {}) }).format(date);
}
