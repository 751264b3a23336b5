import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import { useFundsOnSale } from '../api/home-funds.ts';
import styles from './home-funds.module.css';

/**
 * The home page's funds section: the first funds on sale with their daily range and cycle. Kept
 * to plain elements: it loads with the home route.
 */
export function HomeFunds({ count = 3, onOpen }: { count?: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const funds = useFundsOnSale(count);
  if (funds.isError) {
    return (
      <button type="button" className={styles.empty} onClick={() => void funds.refetch()}>
        {t('quant.loadError')} · {t('quant.retry')}
      </button>
    );
  }
  if (funds.isSuccess && funds.data.list.length === 0) return <p className={styles.empty}>{t('quant.home.empty')}</p>;
  return (
    <ul className={styles.list} data-testid="home-fund-list">
      {(funds.data?.list ?? []).map((fund) => (
        <li key={fund.id}>
          <button type="button" className={styles.item} onClick={onOpen}>
            <span className={styles.text}>
              <span className={styles.name}>{fund.name}</span>
              <span className={styles.meta}>
                {t('quant.marketCurrency', { market: fund.market, currency: fund.currency })} ·{' '}
                {t('quant.cycleDays', { count: fund.cycleDays })}
              </span>
            </span>
            <span className={styles.rate}>
              <span className={styles.value}>
                {money.rate(fund.dailyRateMin, 2)} – {money.rate(fund.dailyRateMax, 2)}
              </span>
              <span className={styles.meta}>{t('quant.perDay')}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
