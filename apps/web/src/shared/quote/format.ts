import type { Quote } from '@soar/contract';
import { formatNumber, formatPercent } from '../format.ts';

export type Direction = 'up' | 'down' | 'flat';

/** The sign of a decimal string, read from its text: no float arithmetic on prices. */
export function directionOf(change: string): Direction {
  if (change.startsWith('-')) return 'down';
  return /^[0.]+$/.test(change) ? 'flat' : 'up';
}

/** Prices sit on the market's tick grid, so a price shows as many decimals as its string has. */
export function formatPrice(value: string, locale: string): string {
  return formatNumber(value, locale, value.split('.')[1]?.length ?? 0);
}

export function formatChange(quote: Pick<Quote, 'change'>, locale: string): string {
  return formatNumber(quote.change, locale, quote.change.split('.')[1]?.length ?? 0, { signDisplay: 'exceptZero' });
}

export const formatChangePercent = (quote: Pick<Quote, 'changePercent'>, locale: string) =>
  formatPercent(quote.changePercent, locale);

export const formatVolume = (volume: number, locale: string) =>
  formatNumber(volume, locale, 0, { notation: 'compact', maximumFractionDigits: 2 });

/** Compares two non-negative decimal strings exactly: negative, zero or positive. */
export function comparePrices(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  const width = Math.max(aFraction.length, bFraction.length);
  const left = aWhole + aFraction.padEnd(width, '0');
  const right = bWhole + bFraction.padEnd(width, '0');
  return left === right ? 0 : left > right ? 1 : -1;
}

/** The in-app path of an instrument's detail page. */
export const quotePath = (quote: Pick<Quote, 'symbol' | 'kind'>) =>
  `/pages/quote/${quote.kind === 'index' ? 'in' : 'stock'}?symbol=${encodeURIComponent(quote.symbol)}`;
