import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../shared/ui/product-card.module.css';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useDarkTheme } from '../../../shared/use-dark-theme.ts';
import type { RateChartApi, RatePoint } from './rate-chart-engine.ts';

/**
 * The record of a fund: realised daily rates against the promised range. lightweight-charts loads
 * with the chart, in its own chunk.
 */
export function RateChart({ rates, min, max }: { rates: RatePoint[]; min: string; max: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  const theme = useRef(dark);
  theme.current = dark;
  const [api, setApi] = useState<RateChartApi | null>(null);
  const [failed, setFailed] = useState(false);
  // The labels follow the language, which rebuilds the chart anyway.
  const labels = useRef({ min: '', max: '' });
  labels.current = { min: t('quant.chartMin'), max: t('quant.chartMax') };

  useEffect(() => {
    let disposed = false;
    let created: RateChartApi | null = null;
    import('./rate-chart-engine.ts')
      .then(({ createRateChart }) => {
        if (disposed || !container.current) return;
        created = createRateChart(container.current, {
          dark: theme.current,
          locale: i18n.language,
          min,
          max,
          labels: labels.current,
        });
        setApi(created);
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      created?.remove();
      setApi(null);
    };
  }, [i18n.language, min, max]);

  useEffect(() => api?.setRates(rates), [api, rates]);
  useEffect(() => api?.setTheme(dark), [api, dark]);

  return (
    <div className={styles.chart}>
      <div
        className={styles.chartCanvas}
        ref={container}
        data-testid="rate-chart"
        data-points={api ? rates.length : 0}
      />
      {!api && !failed && (
        <div className={styles.chartOverlay}>
          <Spinner delay={200} />
        </div>
      )}
      {failed && (
        <div className={styles.chartOverlay}>
          <button type="button" className={styles.link} onClick={() => window.location.reload()}>
            {t('quant.chartError')}
          </button>
        </div>
      )}
      {api && rates.length === 0 && <div className={styles.chartOverlay}>{t('quant.noRates')}</div>}
    </div>
  );
}
