import type { Quote } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { directionOf, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { directionClass, flashClass } from '../../../shared/quote/index-card.tsx';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { quoteDetailQuery } from '../../../shared/quote/quote-detail.ts';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../market.module.css';

/** A related symbol with its live price and change; a tap opens the stock (or the index). */
export function SymbolChip({
  symbol,
  onOpen,
}: {
  symbol: string;
  onOpen: (symbol: string, kind: Quote['kind']) => void;
}) {
  // Quietly: a chip without a price is still a link.
  const quote = useQuery(quoteDetailQuery(symbol));
  return (
    <button
      type="button"
      className={styles.chip}
      data-testid="symbol-chip"
      onClick={() => onOpen(symbol, quote.data?.kind ?? (symbol.startsWith('^') ? 'index' : 'stock'))}
    >
      <strong>{quote.data?.name ?? symbol}</strong>
      {quote.data && <LivePrice quote={quote.data} />}
    </button>
  );
}

function LivePrice({ quote: initial }: { quote: Quote }) {
  const locale = useLocale();
  const element = useRef<HTMLSpanElement>(null);
  const { quote, flash, flashKey } = useLiveQuote(initial, element);
  return (
    <span ref={element}>
      <span key={flashKey} className={flash ? flashClass[flash] : undefined}>
        {formatPrice(quote.price, locale)}
      </span>{' '}
      <span className={directionClass[directionOf(quote.changePercent)]}>{formatChangePercent(quote, locale)}</span>
    </span>
  );
}
