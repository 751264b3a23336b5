import { useTranslation } from 'react-i18next';
import styles from './trade.module.css';

/** My subscriptions: new-stock (IPO) subscriptions, listed here once IPOs exist; until then, honestly empty. */
export function SubscriptionsTab() {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} data-testid="trade-subscriptions">
      <p>{t('trading.empty.subscriptions')}</p>
    </div>
  );
}
