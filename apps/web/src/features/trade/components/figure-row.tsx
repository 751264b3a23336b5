import type { ReactNode } from 'react';
import styles from './trade.module.css';

/** One figure of trading's lists of figures (a `<dl>`): its label and its value. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
