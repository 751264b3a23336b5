import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import card from '../../../shared/ui/product-card.module.css';
import { useAlertHistory } from '../api.ts';
import { useAlertFormat } from '../use-alert-format.ts';
import styles from './alert.module.css';

/** My fired alerts, newest first: what fired, at which price and when, and its quote. */
export function AlertHistory({ onOpenQuote }: { onOpenQuote: (symbol: string) => void }) {
  const { t } = useTranslation();
  const format = useAlertFormat();
  const history = useAlertHistory();
  return (
    <PagedList
      query={history}
      testId="alert-history"
      empty={<p>{t('alert.historyEmpty')}</p>}
      render={(event) => (
        <article className={card.card} data-testid="alert-event">
          <p className={styles.description}>{format.describe(event)}</p>
          <div className={styles.controls}>
            <span className={`${card.caption} ${styles.grow}`}>
              {t('alert.firedAt', {
                price: format.price(event.price, event.currency),
                time: format.time(event.firedAt),
              })}
            </span>
            <button type="button" className={styles.action} onClick={() => onOpenQuote(event.symbol)}>
              {t('alert.open')}
            </button>
          </div>
        </article>
      )}
    />
  );
}
