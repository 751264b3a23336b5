import { formatNumber, formatPercent } from '../../../shared/format.ts';

/** A price as many decimals as its tick grid gives it (whole yen, cents elsewhere). */
export function formatPrice(value: string, locale: string): string {
  const decimals = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
  return formatNumber(value, locale, Math.min(decimals, 4));
}

export const formatChangePercent = (value: string, locale: string) => formatPercent(value, locale);
