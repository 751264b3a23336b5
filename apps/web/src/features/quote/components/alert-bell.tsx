import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from '../quote.module.css';

/**
 * The bell of a stock: opens its alert sheet (the page sends a guest to sign in first). `active`
 * counts the member's alerts on the symbol that are armed, shown on the bell.
 */
export function AlertBell({ symbol, active, onOpen }: { symbol: string; active: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={active > 0 ? `${styles.bell} ${styles.bellSet}` : styles.bell}
      aria-label={t('alert.bell', { symbol })}
      data-testid="alert-bell"
      onClick={onOpen}
    >
      <BellOutline />
      {active > 0 && (
        <span className={styles.bellCount} aria-hidden>
          {active > 99 ? '99+' : active}
        </span>
      )}
    </button>
  );
}
