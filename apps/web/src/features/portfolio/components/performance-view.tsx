import { type PerformanceRange, performanceRanges } from '@soar/contract';
import { DotLoading, Selector } from 'antd-mobile';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../shared/format.ts';
import { useIndexList } from '../../../shared/quote/index-list.ts';
import { Segments } from '../../../shared/ui/segments.tsx';
import { usePerformance } from '../api/performance.ts';
import { usePortfolioCurrency } from '../currency.ts';
import { Allocation } from './allocation.tsx';
import { EquityChart } from './equity-chart.tsx';
import styles from './performance.module.css';

const signClass = (fraction: string | null) =>
  fraction === null || new Decimal(fraction).isZero()
    ? ''
    : new Decimal(fraction).isPositive()
      ? styles.up
      : styles.down;

/** The equity curve's return against a chosen index over a range, and the allocation. */
export function PerformanceView() {
  const { t, i18n } = useTranslation();
  const { currency } = usePortfolioCurrency();
  const [range, setRange] = useState<PerformanceRange>('3M');
  const [benchmark, setBenchmark] = useState('^GSPC');
  const indices = useIndexList();
  const { data } = usePerformance(range, benchmark, currency);
  const percent = (fraction: string | null) =>
    fraction === null ? '--' : formatPercent(Number(fraction) * 100, i18n.language);
  return (
    <>
      <section className={styles.card} data-testid="performance">
        <Segments
          value={range}
          label={t('fields.range')}
          options={performanceRanges.map((value) => ({
            value,
            label: value === 'all' ? t('portfolio.performance.all') : value,
          }))}
          onChange={setRange}
        />
        {data ? (
          <>
            <dl className={styles.returns}>
              <div>
                <dt>{t('portfolio.performance.yourReturn')}</dt>
                <dd className={signClass(data.return)} data-testid="twr">
                  {percent(data.return)}
                </dd>
              </div>
              <div>
                <dt>{data.benchmark?.name ?? t('portfolio.performance.index')}</dt>
                <dd className={signClass(data.benchmarkReturn)} data-testid="benchmark-return">
                  {percent(data.benchmarkReturn)}
                </dd>
              </div>
            </dl>
            {data.points.length < 2 ? (
              <p className={styles.empty}>{t('portfolio.performance.empty')}</p>
            ) : (
              <EquityChart data={data} />
            )}
            <p className={styles.note}>{t('portfolio.performance.twrNote')}</p>
          </>
        ) : (
          <DotLoading />
        )}
        <h3 className={styles.subtitle}>{t('portfolio.performance.index')}</h3>
        <Selector
          className={styles.indices}
          value={[benchmark]}
          onChange={([value]) => value && setBenchmark(value)}
          options={(indices.data ?? []).map((index) => ({ value: index.symbol, label: index.name }))}
          data-testid="benchmark-picker"
        />
      </section>
      {data && <Allocation data={data} />}
    </>
  );
}
