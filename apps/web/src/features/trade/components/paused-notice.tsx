import { useTranslation } from 'react-i18next';
import type { FeedPause } from '../../../shared/quote/paused-markets.ts';
import { useQuoteDetail } from '../../../shared/quote/quote-detail.ts';
import { useLastUpdate } from '../../../shared/quote/stale-mark.tsx';
import styles from './trade.module.css';

/**
 * Whether the symbol's market feed is silent (docs/market.md, Stale feeds), from its live quote or
 * `opened` (the quote a ticket opened with) until that is read: `pause` while it is, and `known`
 * once either has said (or the quote failed), so a page can hold a preview the server would refuse.
 */
export function useFeedPause(symbol: string, opened?: Partial<FeedPause>): { pause?: FeedPause; known: boolean } {
  const query = useQuoteDetail(symbol);
  const quote = query.data ?? opened;
  // A quote that cannot be read leaves it to the server, which says QUOTE_STALE itself.
  if (!quote) return { known: query.isError };
  return { pause: quote.stale ? { stale: true, lastMessageAt: quote.lastMessageAt ?? null } : undefined, known: true };
}

/**
 * Why nothing can be placed, closed or amended on this symbol right now: its market's feed is
 * silent, so the server refuses previews and orders (QUOTE_STALE) until prices move again. It goes
 * by itself with the first fresh quote.
 */
export function PausedNotice({ symbol, pause }: { symbol: string; pause: FeedPause }) {
  const { t } = useTranslation();
  const lastUpdate = useLastUpdate(pause);
  return (
    <section className={styles.paused} role="status" data-testid="orders-paused">
      <h3 className={styles.sectionHead}>{t('trading.paused.title')}</h3>
      <p>{t('trading.paused.body', { symbol })}</p>
      {lastUpdate && <p className={styles.caption}>{lastUpdate}</p>}
    </section>
  );
}
