import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../shared/navigation.ts';
import styles from '../quote.module.css';

/** An unknown or missing symbol: said plainly, with a way back to the list it came from. */
export function SymbolNotFound({ symbol, backTo }: { symbol: string; backTo: { path: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className={styles.symbolNotFound} data-testid="symbol-not-found">
      <QuestionCircleOutline className="placeholder-icon" aria-hidden />
      <p className="placeholder-heading">{t('quoteUi.notFound.title')}</p>
      <p className="placeholder-text">
        {symbol ? t('quoteUi.notFound.body', { symbol }) : t('quoteUi.notFound.noSymbol')}
      </p>
      <button type="button" className="button-primary" onClick={() => navigate(backTo.path, { replace: true })}>
        {t(backTo.label)}
      </button>
    </div>
  );
}
