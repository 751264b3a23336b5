import type { QuantFund } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import styles from '../../../shared/ui/product-card.module.css';
import type { useFundRates } from '../api/funds.ts';
import { rateStats } from '../rate-stats.ts';
import { RateChart } from './rate-chart.tsx';

/** A fund's realised daily rates as a chart against its promised range, and what they add up to. */
export function FundRecord({ query }: { query: ReturnType<typeof useFundRates> }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (query.isError) {
    return (
      <p className={styles.notice}>
        {t('quant.loadError')}{' '}
        <button type="button" className={styles.link} onClick={() => void query.refetch()}>
          {t('quant.retry')}
        </button>
      </p>
    );
  }
  if (!query.data) return null;
  const { fund, list } = query.data;
  const stats = rateStats(list, fund);
  return (
    <>
      <article className={styles.card} data-testid="fund-record">
        <p className={styles.sub}>
          {t('quant.marketCurrency', { market: fund.market, currency: fund.currency })} ·{' '}
          {t('quant.cycleDays', { count: fund.cycleDays })}
        </p>
        <div className={styles.legend}>
          <span className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: 'var(--adm-color-primary)' }} />
            {t('quant.realised')}
          </span>
          <span className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: 'var(--adm-color-success)' }} />
            {t('quant.promised', { min: money.rate(fund.dailyRateMin), max: money.rate(fund.dailyRateMax) })}
          </span>
        </div>
        <RateChart rates={list} min={fund.dailyRateMin} max={fund.dailyRateMax} />
      </article>
      {stats && (
        <article className={styles.card}>
          <dl className={styles.grid} data-testid="fund-stats">
            <div>
              <dt>{t('quant.days')}</dt>
              <dd>{stats.days}</dd>
            </div>
            <div>
              <dt>{t('quant.withinRange')}</dt>
              <dd>
                {stats.withinRange} / {stats.days}
              </dd>
            </div>
            <div>
              <dt>{t('quant.average')}</dt>
              <dd>{money.rate(stats.average)}</dd>
            </div>
            <div>
              <dt>{t('quant.cycleAtAverage', { count: fund.cycleDays })}</dt>
              <dd>{money.rate(stats.cycleAtAverage)}</dd>
            </div>
            <div>
              <dt>{t('quant.lowest')}</dt>
              <dd>{money.rate(stats.lowest)}</dd>
            </div>
            <div>
              <dt>{t('quant.highest')}</dt>
              <dd>{money.rate(stats.highest)}</dd>
            </div>
          </dl>
          <p className={styles.notice}>{t('quant.rateCaption')}</p>
        </article>
      )}
    </>
  );
}

/** A fund to open the record of. */
export function FundPicker({ fund, onPick }: { fund: QuantFund; onPick: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <button type="button" className={`${styles.profitRow} ${styles.clickable}`} onClick={onPick}>
      <span className={styles.profitText}>
        <strong>{fund.name}</strong>
        <span className={styles.caption}>
          {t('quant.marketCurrency', { market: fund.market, currency: fund.currency })}
        </span>
      </span>
      <span className={styles.caption}>
        {money.rate(fund.dailyRateMin)} – {money.rate(fund.dailyRateMax)}
      </span>
    </button>
  );
}
