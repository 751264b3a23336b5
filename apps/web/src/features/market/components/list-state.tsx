import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from '../market.module.css';

/** Loading, failure (with retry) or an empty note for a list. */
export function ListState({
  loading,
  error,
  empty,
  onRetry,
  emptyText,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  onRetry?: () => void;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (loading) return <Spinner delay={200} />;
  if (error)
    return (
      <div className={styles.listNote}>
        <p>{t('marketUi.list.error')}</p>
        {onRetry && (
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {t('marketUi.list.retry')}
          </button>
        )}
      </div>
    );
  if (empty) return <p className={styles.listNote}>{emptyText ?? t('marketUi.list.empty')}</p>;
  return null;
}
