import { DotLoading } from 'antd-mobile';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import { Segments } from '../../../shared/ui/segments.tsx';
import { useRealised } from '../api/realised.ts';
import { usePortfolioCurrency } from '../currency.ts';
import styles from './performance.module.css';

const tone = (value: string) =>
  new Decimal(value).isZero() ? '' : new Decimal(value).isPositive() ? styles.up : styles.down;

/** A year's realised P/L per symbol, FIFO and average cost side by side (docs/trading.md, Cost basis). */
export function RealisedTable() {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = usePortfolioCurrency();
  const [year, setYear] = useState<number | undefined>();
  const { data } = useRealised(year, currency);
  if (!data) return <DotLoading />;
  const shown = data.year ?? undefined;
  return (
    <section className={styles.card} data-testid="realised">
      <h2 className={styles.title}>{t('portfolio.realised.title')}</h2>
      {data.years.length > 1 && shown !== undefined && (
        <Segments
          value={String(shown)}
          label={t('fields.year')}
          options={data.years.map((value) => ({ value: String(value), label: String(value) }))}
          onChange={(value) => setYear(Number(value))}
        />
      )}
      {data.list.length === 0 ? (
        <p className={styles.empty}>
          {shown === undefined ? t('portfolio.realised.noneYet') : t('portfolio.realised.none', { year: shown })}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('portfolio.realised.symbol')}</th>
                <th>{t('portfolio.realised.quantity')}</th>
                <th>{t('portfolio.realised.fifo')}</th>
                <th>{t('portfolio.realised.average')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((item) => (
                <tr key={`${item.symbol}-${item.currency}`} data-testid={`realised-${item.symbol}`}>
                  <td>{item.symbol}</td>
                  <td>{item.quantity}</td>
                  <td className={tone(item.fifo.pnl)}>{money.amount(item.fifo.pnl, item.currency, { sign: true })}</td>
                  <td className={tone(item.average.pnl)}>
                    {money.amount(item.average.pnl, item.currency, { sign: true })}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={2}>{t('portfolio.realised.total', { currency: data.currency })}</th>
                <td className={tone(data.fifo)} data-testid="realised-fifo">
                  {money.amount(data.fifo, data.currency, { sign: true })}
                </td>
                <td className={tone(data.average)} data-testid="realised-average">
                  {money.amount(data.average, data.currency, { sign: true })}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className={styles.note}>{t('portfolio.realised.note')}</p>
    </section>
  );
}
