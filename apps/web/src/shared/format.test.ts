import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatPercent } from './format.ts';

describe('formatNumber', () => {
  it('shows 4 decimals by default', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5000');
  });
  it('uses the separators of the locale', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5000');
    expect(formatNumber('1234.5', 'fr', 2)).toBe('1\u202f234,50');
  });
  it('reads decimal strings from the wire', () => {
    expect(formatNumber('0.123456', 'en')).toBe('0.1235');
  });
  it('formats money strings exactly, never through a float', () => {
    // As a float 90071992547409.99 would print as 90,071,992,547,410.00.
    expect(formatNumber('90071992547409.99', 'en', 2)).toBe('90,071,992,547,409.99');
    expect(formatNumber('0.125', 'en', 2)).toBe('0.13');
    expect(formatNumber('1.005', 'en', 2)).toBe('1.01');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatNumber('abc', 'en')).toBe('--');
  });
});

describe('formatMoney and formatPercent', () => {
  it('writes money with the currency of the locale', () => {
    expect(formatMoney('1085.5', 'EUR', 'de')).toBe('1.085,50\u00a0€');
    expect(formatMoney(12, 'USD', 'en')).toBe('$12.00');
  });
  it('writes a signed percent', () => {
    expect(formatPercent(1.5, 'en')).toBe('+1.50%');
    expect(formatPercent(-2, 'en')).toBe('-2.00%');
  });
});

describe('formatDate', () => {
  const instant = '2026-03-05T14:30:00Z';
  it('writes the date in the locale and time zone', () => {
    expect(formatDate(instant, 'en', 'date', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDate(instant, 'de', 'date', 'UTC')).toBe('05.03.2026');
    expect(formatDate(instant, 'ja', 'date', 'UTC')).toBe('2026/03/05');
  });
  it('shows a market local time', () => {
    expect(formatDate(instant, 'en', 'time', 'Asia/Tokyo')).toBe('11:30 PM');
  });
  it('shows a dash for an invalid date', () => {
    expect(formatDate('not a date', 'en')).toBe('--');
  });
});
