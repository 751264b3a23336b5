import type { ReactNode } from 'react';
import card from '../../../shared/ui/product-card.module.css';
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
    <div className={card.row}>
      <span className={card.rowLabel}>{label}</span>
      <span className={`${card.rowValue} ${strong ? styles.strong : ''}`} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
