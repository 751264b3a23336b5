import type { Quote } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../format.ts';
import { useLocale } from '../use-locale.ts';
import styles from './stale-mark.module.css';

/** When the feed was last heard, to the second, in the viewer's time: the time today, else the date too. */
export function feedTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  const sameDay = date.toDateString() === now.toDateString();
  return dateFormat(locale, { ...(sameDay ? {} : { dateStyle: 'medium' }), timeStyle: 'medium' }).format(date);
}

/** "Last update 14:02:31", or nothing when the feed has not been heard since the server started. */
export function useLastUpdate(quote: Pick<Quote, 'lastMessageAt'>): string | undefined {
  const { t } = useTranslation();
  const locale = useLocale();
  return quote.lastMessageAt
    ? t('quoteUi.feed.lastUpdate', { time: feedTime(quote.lastMessageAt, locale) })
    : undefined;
}

/**
 * The mark of a price that is not moving because its market's feed is silent or disconnected
 * (docs/market.md, Stale feeds): "Price paused" and when the feed was last heard. Nothing for a
 * live quote; the quote's own topic brings the flip, so the mark comes and goes by itself.
 */
export function StaleMark({ quote }: { quote: Pick<Quote, 'stale' | 'lastMessageAt'> }) {
  const { t } = useTranslation();
  const lastUpdate = useLastUpdate(quote);
  if (!quote.stale) return null;
  return (
    <span className={styles.mark} data-testid="stale-mark" title={t('quoteUi.feed.pausedHint')}>
      <span className={styles.tag}>{t('quoteUi.feed.paused')}</span>
      {lastUpdate && <span className={styles.since}>{lastUpdate}</span>}
    </span>
  );
}
