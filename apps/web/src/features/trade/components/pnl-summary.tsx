import { useTranslation } from 'react-i18next';
import { useFlash } from '../../../shared/quote/use-live-prices.ts';
import { useAppStore } from '../../../shared/stores/app.ts';
import { type CurrencyTotal, signOf, sumIn } from '../live-pnl.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import styles from './trade.module.css';

const reportCurrency = 'USD';

/**
 * The floating P/L of every open position at the top of my holdings: in the positions' currency,
 * or, across currencies, approximately in USD through the currency list's rates, with each
 * currency's own figure below.
 */
export function PnlSummary({ totals }: { totals: CurrencyTotal[] }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const currencies = useAppStore((state) => state.currencies);
  const single = totals.length === 1 ? totals[0] : undefined;
  const combined = single
    ? single.floatingPnl
    : sumIn(
        totals.map((total) => ({ currency: total.currency, amount: total.floatingPnl })),
        currencies,
        reportCurrency,
      );
  const flash = useFlash(combined);
  const sign = signOf(combined);
  const text = single
    ? format.pnl(single.floatingPnl, single.currency)
    : combined === undefined
      ? '--'
      : t('trading.summary.approx', { amount: format.pnl(combined, reportCurrency) });
  return (
    <section className={styles.summary} data-testid="pnl-summary">
      <span className={styles.summaryLabel}>{t('trading.summary.floating')}</span>
      <span
        key={flash.key}
        className={`${styles.summaryValue} ${flash.flash === 'up' ? styles.flashUp : flash.flash === 'down' ? styles.flashDown : ''}`}
        data-testid="pnl-total"
        data-sign={sign}
      >
        {text}
      </span>
      <div className={styles.summaryLines}>
        {single ? (
          <>
            <span>
              {t('trading.summary.value')} {format.amount(single.marketValue, single.currency)}
            </span>
            <span>
              {t('trading.summary.cost')} {format.amount(single.cost, single.currency)}
            </span>
          </>
        ) : (
          totals.map((total) => (
            <span key={total.currency} data-testid="pnl-currency">
              {format.pnl(total.floatingPnl, total.currency)}
            </span>
          ))
        )}
      </div>
    </section>
  );
}
