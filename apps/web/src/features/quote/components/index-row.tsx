import type { Quote } from '@soar/contract';
import { useRef } from 'react';
import { navigate } from '../../../shared/navigation.ts';
import { directionOf, formatChangePercent, formatPrice, quotePath } from '../../../shared/quote/format.ts';
import { directionClass, flashClass, pillClass } from '../../../shared/quote/index-card.tsx';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { QuoteMarketState } from '../../../shared/quote/market-state.tsx';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../quote.module.css';

/**
 * One index of the global list: name, symbol and country, whether its market is open, live level
 * and change; tap opens its detail.
 */
export function IndexRow({ quote: initial }: { quote: Quote }) {
  const locale = useLocale();
  const element = useRef<HTMLLIElement>(null);
  const { quote, flash, flashKey } = useLiveQuote(initial, element);
  const direction = directionOf(quote.change);
  return (
    <li ref={element}>
      <button
        type="button"
        className={styles.indexRow}
        onClick={() => navigate(quotePath(quote))}
        data-testid="index-row"
        data-symbol={quote.symbol}
      >
        <span className={styles.indexRowName}>
          <span className={styles.indexName}>{quote.name}</span>
          <span className={styles.quoteMeta}>
            <span>{quote.symbol}</span>
            <span className={styles.quoteBadge}>{quote.market}</span>
          </span>
          <QuoteMarketState quote={quote} />
        </span>
        <span className={styles.indexRowLevel}>
          <span key={flashKey} className={`${styles.indexLevel} ${flash ? flashClass[flash] : ''}`}>
            {formatPrice(quote.price, locale)}
          </span>
          <span className={`${pillClass} ${directionClass[direction]}`}>{formatChangePercent(quote, locale)}</span>
        </span>
      </button>
    </li>
  );
}
