import type { Quote } from '@soar/contract';
import type { ReactNode } from 'react';
import { useLocale } from '../use-locale.ts';
import { directionOf, formatChangePercent, formatPrice } from './format.ts';
import { useLiveQuote } from './live-quote.ts';
import styles from './quote.module.css';

export const directionClass = { up: styles.up, down: styles.down, flat: styles.flat } as const;
export const flashClass = { up: styles.flashUp, down: styles.flashDown } as const;
export const pillClass = styles.pill;

/**
 * The one index card: name, live level (flashing when it moves) and change; `extra` goes below
 * (the overview's sparkline). The card fills the width its container gives it.
 */
export function IndexCard({
  quote: initial,
  onOpen,
  extra,
}: {
  quote: Quote;
  onOpen: (quote: Quote) => void;
  extra?: ReactNode;
}) {
  const locale = useLocale();
  const { quote, flash, flashKey } = useLiveQuote(initial);
  const direction = directionOf(quote.change);
  return (
    <button
      type="button"
      className={styles.indexCard}
      data-testid="index-card"
      data-symbol={quote.symbol}
      onClick={() => onOpen(quote)}
    >
      <span className={styles.indexName}>{quote.name}</span>
      <span key={flashKey} className={`${styles.indexLevel} ${flash ? flashClass[flash] : ''}`}>
        {formatPrice(quote.price, locale)}
      </span>
      <span className={`${styles.indexChange} ${directionClass[direction]}`}>{formatChangePercent(quote, locale)}</span>
      {extra && <span className={styles.indexExtra}>{extra}</span>}
    </button>
  );
}
