import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A centred spinner; with `delay`, shown only if the wait lasts that long (no flash). */
export function Spinner({ delay = 0 }: { delay?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delay === 0);
  useEffect(() => {
    if (delay === 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <div className="spinner" role="status" aria-label={t('shell.loading')} data-testid="spinner">
      {visible && <span className="spinner-ring" />}
    </div>
  );
}
