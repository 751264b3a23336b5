import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list.module.css';

type ListQuery = { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };

/**
 * What a list says below its rows: loading, failed with a retry, or why it is empty. Every list of
 * the app shows these three the same way; only the empty text is the list's own.
 */
export function ListState({ query, isEmpty, empty }: { query: ListQuery; isEmpty: boolean; empty: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className={styles.hint} role="status">
        {t('list.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.hint} role="alert">
        {t('list.failed')}{' '}
        <button type="button" className={styles.link} onClick={() => void query.refetch()}>
          {t('list.retry')}
        </button>
      </p>
    );
  }
  return isEmpty ? <div className={styles.empty}>{empty}</div> : null;
}
