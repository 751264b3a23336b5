import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import '../market.css';

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
      <div className="list-note">
        <p>{t('marketUi.list.error')}</p>
        {onRetry && (
          <button type="button" className="link-button" onClick={onRetry}>
            {t('marketUi.list.retry')}
          </button>
        )}
      </div>
    );
  if (empty) return <p className="list-note">{emptyText ?? t('marketUi.list.empty')}</p>;
  return null;
}
