import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from '../identity.module.css';

/** The web view uses the bare layout: its own way back. */
export function BackButtonLink() {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.back} aria-label={t('shell.back')} onClick={() => window.history.back()}>
      <LeftOutline /> {t('shell.back')}
    </button>
  );
}
