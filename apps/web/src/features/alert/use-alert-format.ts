import type { AlertKind } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';
import { useMoney } from '../../shared/money-format.ts';

const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;
const trimmed = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/**
 * An alert's figures in the selected locale: a price at its currency's grid (cents, whole yen)
 * and more decimals only where the value has them (a level of 95.0095 shows all of it); a
 * percentage as typed, signed where it is a P/L; a P/L amount as money.
 */
export function useAlertFormat() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const locale = i18n.language;
  const price = (value: string, currency: string) => {
    const decimals = Math.min(8, Math.max(Math.min(money.decimalsOf(currency), 2), decimalsOf(trimmed(value))));
    return `${formatNumber(value, locale, decimals)} ${currency}`;
  };
  const percent = (value: string, sign = false) =>
    formatNumber(value, locale, 0, { maximumFractionDigits: 2, ...(sign ? { signDisplay: 'exceptZero' } : {}) });
  const value = (kind: AlertKind, raw: string | null, currency: string) => {
    if (raw === null) return '';
    if (kind === 'priceAbove' || kind === 'priceBelow') return price(raw, currency);
    if (kind === 'positionPnlAmount') return money.amount(raw, currency, { sign: true });
    return percent(raw, kind === 'positionPnlPercent');
  };
  return {
    ...money,
    price,
    /** "AAPL at or above 105.00 USD", "My AAPL position at -5 % P/L". */
    describe: (alert: { kind: AlertKind; symbol: string; value: string | null; currency: string }) =>
      t(`alert.describe.${alert.kind}`, {
        symbol: alert.symbol,
        value: value(alert.kind, alert.value, alert.currency),
      }),
  };
}
