import type { Quote } from '@soar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { directionOf, formatChange, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { directionClass, flashClass } from '../../../shared/quote/index-card.tsx';
import { usePriceFlash } from '../../../shared/quote/live-quote.ts';
import { StaleMark } from '../../../shared/quote/stale-mark.tsx';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../quote.module.css';

/**
 * The live level of a stock or index: price, change, change percent, market and currency, and
 * the paused mark while its market's feed is silent.
 */
export function PriceHeader({ quote, actions, status }: { quote: Quote; actions?: ReactNode; status?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const direction = directionOf(quote.change);
  const { flash, flashKey } = usePriceFlash(quote.price);
  return (
    <header className={styles.quoteHeader} data-testid="quote-header">
      <div className={styles.quoteHeaderTop}>
        <div className={styles.quoteIdentity}>
          <h2 className={styles.quoteName}>{quote.name}</h2>
          <p className={styles.quoteMeta}>
            <span>{quote.symbol}</span>
            <span className={styles.quoteBadge}>{quote.market}</span>
            <span className={styles.quoteBadge}>{quote.currency}</span>
          </p>
        </div>
        {actions}
      </div>
      <div className={`${styles.quotePriceRow} ${directionClass[direction]}`}>
        <span
          key={flashKey}
          className={`${styles.quotePrice} ${flash ? flashClass[flash] : ''}`}
          data-testid="quote-price"
        >
          {formatPrice(quote.price, locale)}
        </span>
        <span className={styles.quoteChange} data-testid="quote-change">
          {formatChange(quote, locale)} ({formatChangePercent(quote, locale)})
        </span>
      </div>
      <p className={styles.quoteTime}>
        {status}
        <StaleMark quote={quote} />
        <span>{t('quoteUi.lastTrade', { time: formatDate(quote.time, locale, 'dateTime') })}</span>
      </p>
    </header>
  );
}
