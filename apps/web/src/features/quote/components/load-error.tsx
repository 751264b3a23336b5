import { useTranslation } from 'react-i18next';

/** A failed load (network, server) with a retry; not-found has its own message. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="symbol-not-found" role="alert">
      <p className="placeholder-text">{t('quoteUi.loadError')}</p>
      <button type="button" className="button-primary" onClick={onRetry}>
        {t('quoteUi.retry')}
      </button>
    </div>
  );
}
