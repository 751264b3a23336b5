import type { MarketStatus, Quote } from '@soar/contract';
import { sessionStates } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../format.ts';
import { useLocale } from '../use-locale.ts';
import { statusOf, useMarketStatusList } from './market-status.ts';
import styles from './quote.module.css';

/** When the state changes, in the viewer's time zone: a time today, else weekday and time. */
function when(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return dateFormat(locale, { ...(sameDay ? {} : { weekday: 'short' }), hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
}

/**
 * A market's state as a dot and a sentence: open (and when it closes), on its lunch break (and
 * when it reopens), or closed (and when it next opens), in the viewer's time.
 */
export function MarketState({
  status,
  name,
  compact = false,
}: {
  status: MarketStatus | undefined;
  name?: string;
  /** One small line under a list row's name, cut with an ellipsis when the row is narrow. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!status) return null;
  const label =
    status.state === sessionStates.open
      ? status.alwaysOpen || !status.nextClose
        ? t('marketUi.status.open')
        : t('marketUi.status.openUntil', { time: when(status.nextClose, locale) })
      : status.state === sessionStates.break
        ? status.nextOpen
          ? t('marketUi.status.breakUntil', { time: when(status.nextOpen, locale) })
          : t('marketUi.status.break')
        : status.nextOpen
          ? t('marketUi.status.closedUntil', { time: when(status.nextOpen, locale) })
          : t('marketUi.status.closed');
  return (
    <span
      className={`${styles.state} ${compact ? styles.stateCompact : ''}`}
      data-testid="market-state"
      data-state={status.state}
    >
      <span className={`${styles.stateDot} ${styles[`state-${status.state}`] ?? ''}`} aria-hidden />
      <span className={styles.stateText}>{name ? `${name} · ${label}` : label}</span>
    </span>
  );
}

/** The state of the market a list row's quote trades on (a stock its market's, an index its own). */
export function QuoteMarketState({ quote }: { quote: Pick<Quote, 'kind' | 'market' | 'symbol'> }) {
  const statuses = useMarketStatusList();
  return <MarketState status={statusOf(statuses.data, quote)} compact />;
}
