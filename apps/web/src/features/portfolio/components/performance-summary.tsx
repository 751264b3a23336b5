import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../shared/format.ts';
import { usePageActive } from '../../../shared/page.ts';
import { usePerformance } from '../api/performance.ts';
import { usePortfolioCurrency } from '../currency.ts';
import styles from './performance.module.css';

/** The Trade tab's line: this month's time-weighted return against the S&P 500, opening the page. */
export function PerformanceSummary({ onOpen }: { onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const { currency } = usePortfolioCurrency();
  const active = usePageActive();
  const { data } = usePerformance('1M', '^GSPC', currency, active);
  if (!data) return null;
  const tone = (fraction: string | null) =>
    fraction === null || new Decimal(fraction).isZero()
      ? ''
      : new Decimal(fraction).isPositive()
        ? styles.up
        : styles.down;
  const percent = (fraction: string | null) =>
    fraction === null ? '--' : formatPercent(Number(fraction) * 100, i18n.language);
  return (
    <button type="button" className={styles.summary} onClick={onOpen} data-testid="performance-summary">
      <span>
        {t('portfolio.summary.title')} 1M <strong className={tone(data.return)}>{percent(data.return)}</strong>
      </span>
      <span>
        {t('portfolio.summary.vs', { name: data.benchmark?.name ?? '' })}{' '}
        <strong className={tone(data.benchmarkReturn)}>{percent(data.benchmarkReturn)}</strong>
      </span>
    </button>
  );
}
