import type { loanOwed } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMoney } from '../../../shared/money-format.ts';
import styles from './loan.module.css';

export type Owed = z.infer<typeof loanOwed>;

/** Principal, interest and penalty side by side. */
export function OwedSplit({ owed, currency, testId }: { owed: Owed; currency: string; testId?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className={styles.split} data-testid={testId}>
      {(['principal', 'interest', 'penalty'] as const).map((part) => (
        <div key={part} className={styles.splitCell}>
          <span>{t(`loan.${part}`)}</span>
          <span data-part={part}>{money.amount(owed[part], currency)}</span>
        </div>
      ))}
    </div>
  );
}
