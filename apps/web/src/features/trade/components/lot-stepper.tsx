import { useTranslation } from 'react-i18next';
import { stepQuantity } from '../ticket.ts';
import styles from './trade.module.css';

/**
 * Shares in steps of the board lot: minus, the number, plus. What is typed stays as typed (the
 * form says what is wrong with it); the buttons step from the board-lot grid.
 */
export function LotStepper({
  value,
  lot,
  max,
  onChange,
  name,
  invalid,
  label,
}: {
  value: string;
  lot: number;
  max?: number;
  onChange: (value: string) => void;
  name: string;
  invalid?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const quantity = Number(value);
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('trading.ticket.decrease')}
        disabled={quantity <= lot}
        onClick={() => onChange(stepQuantity(value, lot, -1))}
      >
        −
      </button>
      <input
        className={`${styles.input} ${invalid ? styles.inputInvalid : ''}`}
        inputMode="numeric"
        name={name}
        aria-label={label}
        aria-invalid={invalid}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('trading.ticket.increase')}
        disabled={max !== undefined && quantity + lot > max}
        onClick={() => onChange(stepQuantity(value, lot, 1))}
      >
        +
      </button>
    </div>
  );
}
