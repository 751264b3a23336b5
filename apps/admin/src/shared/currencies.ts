import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
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
