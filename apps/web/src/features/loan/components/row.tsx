import type { ReactNode } from 'react';
import styles from './loan.module.css';

/** A label and its value on one line, as in a statement. */
export function Row({
  label,
  children,
  strong,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>{label}</span>
      <span className={`${styles.rowValue} ${strong ? styles.strong : ''}`} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
