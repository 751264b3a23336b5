import { useTranslation } from 'react-i18next';
import styles from '../quote.module.css';

/** A failed load (network, server) with a retry; not-found has its own message. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.symbolNotFound} role="alert">
      <p className="placeholder-text">{t('quoteUi.loadError')}</p>
      <button type="button" className="button-primary" onClick={onRetry}>
        {t('quoteUi.retry')}
      </button>
    </div>
  );
}
