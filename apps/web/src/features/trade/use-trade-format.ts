import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../shared/format.ts';
import { useMoney } from '../../shared/money-format.ts';

const decimalsOf = (value: string | null | undefined) => value?.split('.')[1]?.length ?? 0;
const trimmed = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** The decimals of a market's tick grid (docs/market.md): whole yen in Tokyo, cents elsewhere. */
const gridDecimals = (market: string | undefined) => (market === 'JP' ? 0 : 2);

/**
 * Figures of trading in the selected locale. Stored prices carry 8 decimals; a price shows the
 * decimals of its market's tick grid, and more only when the value has them (a trailed stop, a
 * typed limit).
 */
export function useTradeFormat() {
  const { i18n } = useTranslation();
  const money = useMoney();
  const locale = i18n.language;
  return {
    ...money,
    price: (value: string | null | undefined, market?: string) =>
      value == null
        ? '--'
        : formatNumber(value, locale, Math.min(8, Math.max(gridDecimals(market), decimalsOf(trimmed(value))))),
    pnl: (value: string | null | undefined, currency: string) =>
      value == null ? '--' : money.amount(value, currency, { sign: true }),
    percent: (value: string | null | undefined) => (value == null ? '--' : formatPercent(value, locale)),
    shares: (quantity: number) => formatNumber(quantity, locale, 0),
  };
}
