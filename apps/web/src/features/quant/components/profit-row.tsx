import type { quantProfit } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMoney } from '../../../shared/money-format.ts';
import styles from '../../../shared/ui/product-card.module.css';

export type QuantProfit = z.infer<typeof quantProfit>;

/** One fund day of one order: the published rate on the principal, and the profit it gave. */
export function ProfitRow({ profit }: { profit: QuantProfit }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className={styles.profitRow} data-testid="quant-profit">
      <div className={styles.profitText}>
        <strong>{money.day(profit.date)}</strong>
        <span className={styles.caption}>{profit.fundName}</span>
        <span className={styles.caption}>
          {t('quant.profitOn', { rate: money.rate(profit.rate), amount: money.amount(profit.amount, profit.currency) })}
        </span>
      </div>
      <span className={styles.profitAmount}>{money.amount(profit.profit, profit.currency, { sign: true })}</span>
    </div>
  );
}
