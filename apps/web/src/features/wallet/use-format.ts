import { formatDate, formatNumber } from '../../shared/format.ts';
import { useMoney } from '../../shared/money-format.ts';
import { useLocale } from '../../shared/use-locale.ts';

/**
 * The wallet's names for the app's one money formatter (`shared/money-format.ts`): amounts at
 * their currency's decimals with the code after them (USDT is not ISO 4217), exchange rates at
 * six significant digits.
 */
export function useFormat() {
  const locale = useLocale();
  const money = useMoney();
  return {
    amount: (value: string, currency: string, sign = false) => money.amount(value, currency, { sign }),
    /** A number in a sentence that names its currency apart (a minimum): as exact as it is. */
    number: (value: string, currency?: string) =>
      currency ? money.number(value, currency) : formatNumber(value, locale, 0, { maximumFractionDigits: 8 }),
    rate: (value: string) => money.exchangeRate(value),
    date: (value: string, timeZone?: string) => formatDate(value, locale, 'dateTime', timeZone),
  };
}
