import type { Performance } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import { Segments } from '../../../shared/ui/segments.tsx';
import styles from './performance.module.css';

type By = keyof Performance['allocation'];

/** Where the money is: by market (with cash and funds), by currency, by sector (positions only). */
export function Allocation({ data }: { data: Performance }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [by, setBy] = useState<By>('market');
  const items = data.allocation[by];
  const name = (key: string) =>
    key === 'cash' || key === 'funds' || key === 'other' ? t(`portfolio.allocation.${key}`) : key;
  return (
    <section className={styles.card} data-testid="allocation">
      <h2 className={styles.title}>{t('portfolio.allocation.title')}</h2>
      <Segments
        value={by}
        label={t('portfolio.allocation.title')}
        options={(['market', 'currency', 'sector'] as const).map((value) => ({
          value,
          label: t(`portfolio.allocation.${value}`),
        }))}
        onChange={setBy}
      />
      {items.length === 0 ? (
        <p className={styles.empty}>{t('portfolio.allocation.empty')}</p>
      ) : (
        <ul className={styles.bars}>
          {items.map((item) => (
            <li key={item.key} data-testid={`allocation-${item.key}`}>
              <div className={styles.barHead}>
                <span>{name(item.key)}</span>
                <span>
                  {money.amount(item.value, data.currency)} · {money.rate(item.share, 2)}
                </span>
              </div>
              <div className={styles.bar} aria-hidden>
                <span style={{ width: `${Math.max(1, Number(item.share) * 100)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
