import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../shared/format.ts';

/**
 * Display formatting in the selected locale. Amounts show 2 to 8 decimals and the currency code
 * after them: codes such as USDT are not ISO 4217, so Intl's currency style cannot take them.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    amount: (value: string, currency: string, sign = false) =>
      `${formatNumber(value, locale, 2, { maximumFractionDigits: 8, ...(sign ? { signDisplay: 'exceptZero' } : {}) })} ${currency}`,
    number: (value: string) => formatNumber(value, locale, 2, { maximumFractionDigits: 8 }),
    date: (value: string, timeZone?: string) => formatDate(value, locale, 'dateTime', timeZone),
  };
}
