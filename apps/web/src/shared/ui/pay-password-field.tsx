import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './product-card.module.css';

/**
 * The pay password on a payment step: the field when the member has set one, else the step's own
 * sentence (`missing`, e.g. "Set a pay password before buying.") with a link to set it. `note`
 * shows under the field while there is no error.
 */
export function PayPasswordField({
  hasPayPassword,
  value,
  onChange,
  error,
  missing,
  note,
}: {
  hasPayPassword: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  missing: ReactNode;
  note?: string;
}) {
  const { t } = useTranslation();
  if (!hasPayPassword) {
    return (
      <p className={styles.notice}>
        {missing} <Link to="/pages/setting/paypwd">{t('account.paypwd.setNow')}</Link>
      </p>
    );
  }
  return (
    <label className={styles.field}>
      <span className={styles.label}>{t('account.paypwd.password')}</span>
      <input
        className={`${styles.input} ${error ? styles.inputInvalid : ''}`}
        type="password"
        name="payPassword"
        maxLength={16}
        autoComplete="off"
        value={value}
        placeholder={t('account.paypwd.placeholder')}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
      />
      {error ? <p className={styles.error}>{error}</p> : note && <span className={styles.caption}>{note}</span>}
    </label>
  );
}
