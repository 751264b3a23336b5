import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { formatMoney } from './format.ts';

export function useCurrencies() {
  return useQuery({ queryKey: ['currency/list'], queryFn: () => call('GET /currency/list'), staleTime: 5 * 60_000 });
}

/** Formats money at its currency's decimals: `money('1234.5', 'USD')` -> `1,234.50`. */
export function useMoney() {
  const currencies = useCurrencies();
  return (value: string | null | undefined, currency: string) =>
    formatMoney(value, currencies.data?.find((item) => item.code === currency)?.decimals);
}

/**
 * Money as a decision names it: at its currency's decimals, but never hiding a digit that would
 * move (0.001 USD shows as 0.001, not 0.00), so a confirm says exactly what will be booked.
 */
export function useExactMoney() {
  const currencies = useCurrencies();
  return (value: string, currency: string) => {
    const decimals = currencies.data?.find((item) => item.code === currency)?.decimals;
    let places: number | undefined;
    try {
      places = new Decimal(value).decimalPlaces();
    } catch {
      return value;
    }
    return formatMoney(value, decimals === undefined ? undefined : Math.max(decimals, places));
  };
}
