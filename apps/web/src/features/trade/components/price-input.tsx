import styles from './trade.module.css';

/** A decimal price field with the number pad on phones; what is typed stays as typed (the form checks it). */
export function PriceInput({
  label,
  name,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
}) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        className={`${styles.input} ${error ? styles.inputInvalid : ''}`}
        inputMode="decimal"
        autoComplete="off"
        name={name}
        value={value}
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <p className={styles.error}>{error}</p>}
    </label>
  );
}
