import type { LoanProduct } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import { FallbackMark } from '../../../shared/ui/fallback-mark.tsx';
import styles from './loan.module.css';

/** The loan products as a choice of one: name, range, cycle and daily rates. */
export function ProductPicker({
  products,
  value,
  onChange,
}: {
  products: LoanProduct[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className={styles.products} role="radiogroup" aria-label={t('loan.products')}>
      {products.map((product) => (
        // biome-ignore lint/a11y/useSemanticElements: a card-sized choice; a bare radio input cannot hold its details
        <button
          key={product.id}
          type="button"
          role="radio"
          aria-checked={product.id === value}
          className={styles.product}
          data-testid="loan-product"
          onClick={() => onChange(product.id)}
        >
          <span className={styles.productName}>
            <span lang={product.language}>{product.name}</span>
            <FallbackMark fallback={product.fallback} />
          </span>
          <span className={styles.productMeta}>
            {t('loan.range', {
              min: money.amount(product.minAmount, product.currency),
              max: money.amount(product.maxAmount, product.currency),
            })}
          </span>
          <span className={styles.productMeta}>
            {t('loan.cycleDays', { count: product.cycleDays })} ·{' '}
            {t('loan.ratePerDay', { rate: money.rate(product.dailyInterestRate) })}
          </span>
        </button>
      ))}
    </div>
  );
}
