import { useTranslation } from 'react-i18next';
import { stepQuantity } from '../ticket.ts';
import styles from './trade.module.css';

/** Shares in steps of the board lot: minus, the number (typed freely, checked by the form), plus. */
export function LotStepper({
  value,
  lot,
  max,
  onChange,
  name,
  invalid,
  label,
}: {
  value: number;
  lot: number;
  max?: number;
  onChange: (value: number) => void;
  name: string;
  invalid?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('trading.ticket.decrease')}
        disabled={value <= lot}
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
        value={value === 0 ? '' : String(value)}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 9);
          onChange(digits ? Number(digits) : 0);
        }}
      />
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('trading.ticket.increase')}
        disabled={max !== undefined && value + lot > max}
        onClick={() => onChange(stepQuantity(value, lot, 1))}
      >
        +
      </button>
    </div>
  );
}
