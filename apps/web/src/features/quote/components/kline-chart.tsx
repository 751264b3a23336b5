import { type Candle, type ChartRange, chartRanges, type KlineInterval } from '@soar/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopic } from '../../../shared/realtime/index.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useDarkTheme } from '../../../shared/use-dark-theme.ts';
import { useLocale } from '../../../shared/use-locale.ts';
import { useDailyKline } from '../api/daily-kline.ts';
import { useKline } from '../api/kline.ts';
import styles from '../quote.module.css';
import type { KlineChartApi } from './chart-engine.ts';
import { sessionBars } from './intraday.ts';

const intervalModes = ['line', '1m', '5m', '15m', '1h', '1d'] as const;
/** An interval of candles (or the intraday line), or a range of daily bars (1W to 5Y). */
export type ChartMode = (typeof intervalModes)[number] | ChartRange;
const modes: readonly ChartMode[] = [...intervalModes, ...chartRanges];
const isRange = (mode: ChartMode): mode is ChartRange => (chartRanges as readonly string[]).includes(mode);
/** Long ranges read better as a line of daily closes than as a thousand thin candles. */
const lineRanges: readonly ChartRange[] = ['1Y', '5Y'];

// The intraday line needs a whole session of minutes; candles show the newest 300 bars.
const lineLimit = 1000;
const candleLimit = 300;

/** The trading day the intraday line covers (the market status's first open and last close). */
export type Session = { open: string; close: string };

type Props = { symbol: string; precision: number; volume: boolean; session?: Session };

/**
 * An instrument's chart: candles with volume for 1m to 1d, the intraday line of 1m closes, or the
 * daily bars of a range (1W, 1M candles; 1Y, 5Y a line of closes), kept live by
 * `kline:<SYMBOL>:<interval>`. lightweight-charts loads with the first chart shown.
 */
export function KlineChart({ symbol, precision, volume, session }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ChartMode>('5m');
  const range = isRange(mode) ? mode : undefined;
  const interval: KlineInterval = range ? '1d' : mode === 'line' ? '1m' : (mode as KlineInterval);
  const kline = useKline(symbol, interval, mode === 'line' ? lineLimit : candleLimit, !range);
  const daily = useDailyKline(symbol, range);
  const chart = useChart({ precision, volume });
  const [shown, setShown] = useState<{ mode: ChartMode; bars: number } | null>(null);

  const source = range ? daily : kline;
  const data = range
    ? daily.data?.range === range
      ? daily.data
      : undefined
    : kline.data?.interval === interval
      ? kline.data
      : undefined;
  useEffect(() => {
    if (!chart.api || !data) return;
    const bars = mode === 'line' ? sessionBars(data.list, session) : data.list;
    const line = mode === 'line' || (range !== undefined && lineRanges.includes(range));
    chart.api.setBars(bars, line ? 'line' : 'candles', interval === '1d', mode === 'line' ? session : undefined);
    setShown({ mode, bars: bars.length });
  }, [chart.api, data, mode, range, interval, session]);

  useTopic<Candle>(chart.api && data ? `kline:${symbol}:${interval}` : null, (bar) => chart.api?.update(bar));

  const loading = !chart.failed && !source.isError && (!chart.api || !data);
  return (
    <section className={styles.kline} aria-label={t('quoteUi.chart')}>
      <div className={styles.klineModes} role="tablist">
        {modes.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={mode === option}
            className={styles.klineMode}
            onClick={() => setMode(option)}
          >
            {t(isRange(option) ? `quoteUi.ranges.${option}` : `quoteUi.intervals.${option}`)}
          </button>
        ))}
      </div>
      <div className={styles.klineFrame}>
        <div
          className={styles.klineCanvas}
          data-testid="kline-chart"
          data-mode={shown?.mode ?? ''}
          data-bars={shown?.bars ?? 0}
          ref={chart.container}
        />
        {loading && (
          <div className={styles.klineOverlay}>
            <Spinner delay={200} />
          </div>
        )}
        {(chart.failed || source.isError) && (
          <div className={styles.klineOverlay}>
            <p>{t('quoteUi.chartError')}</p>
            <button
              type="button"
              className={styles.klineRetry}
              onClick={() => (chart.failed ? chart.retry() : source.refetch())}
            >
              {t('quoteUi.retry')}
            </button>
          </div>
        )}
        {shown?.mode === mode && shown.bars === 0 && !loading && (
          <div className={styles.klineOverlay}>{t('quoteUi.noBars')}</div>
        )}
      </div>
    </section>
  );
}

/** Creates the chart once its code has loaded, and follows the theme. */
function useChart({ precision, volume }: { precision: number; volume: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();
  const locale = useLocale();
  const [api, setApi] = useState<KlineChartApi | null>(null);
  const [failed, setFailed] = useState(false);
  const theme = useRef(dark);
  theme.current = dark;

  useEffect(() => {
    let disposed = false;
    let created: KlineChartApi | null = null;
    import('./chart-engine.ts')
      .then(({ createKlineChart }) => {
        if (disposed || !container.current) return;
        created = createKlineChart(container.current, { dark: theme.current, locale, precision, volume });
        setApi(created);
      })
      .catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      created?.remove();
      setApi(null);
    };
  }, [locale, precision, volume]);

  useEffect(() => api?.setTheme(dark), [api, dark]);

  // A browser may remember a failed module import, so a retry reloads the document (as lazy pages do).
  return { container, api, failed, retry: () => window.location.reload() };
}
