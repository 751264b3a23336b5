import type { Quote } from '@soar/contract';
import { type ReactNode, useRef } from 'react';
import { directionOf, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { directionClass, flashClass, pillClass } from '../../../shared/quote/index-card.tsx';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { QuoteMarketState } from '../../../shared/quote/market-state.tsx';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../market.module.css';

/**
 * One live stock: name, symbol, price and change percent. The price flashes green (up) or red
 * (down) when it moves; `showCurrency` names the price's currency and `showState` whether its
 * market is open (lists that mix markets).
 */
export function QuoteRow({
  quote: initial,
  onOpen,
  aside,
  showCurrency = false,
  showState = false,
}: {
  quote: Quote;
  onOpen: (symbol: string) => void;
  aside?: ReactNode;
  showCurrency?: boolean;
  showState?: boolean;
}) {
  const locale = useLocale();
  const element = useRef<HTMLLIElement>(null);
  const { quote, flash, flashKey } = useLiveQuote(initial, element);
  const direction = directionOf(quote.changePercent);
  return (
    <li ref={element} className={styles.quoteRow} data-testid="quote-row" data-symbol={quote.symbol}>
      <button type="button" className={styles.quoteRowMain} onClick={() => onOpen(quote.symbol)}>
        <span className={styles.quoteNames}>
          <span className={styles.quoteName}>{quote.name}</span>
          <span className={styles.quoteSymbol} data-testid="quote-symbol">
            {quote.symbol}
          </span>
          {showState && <QuoteMarketState quote={quote} />}
        </span>
        <span className={styles.priceCell}>
          <span
            key={flashKey}
            className={`${styles.quotePrice} ${flash ? flashClass[flash] : ''}`}
            data-testid="quote-price"
            data-value={quote.price}
          >
            {formatPrice(quote.price, locale)}
          </span>
          {showCurrency && (
            <span className={styles.currency} data-testid="quote-currency">
              {quote.currency}
            </span>
          )}
        </span>
        <span
          className={`${pillClass} ${directionClass[direction]}`}
          data-testid="quote-change"
          data-value={quote.changePercent}
        >
          {formatChangePercent(quote, locale)}
        </span>
      </button>
      {aside}
    </li>
  );
}

/** Whether a list mixes currencies, so its rows must name theirs. */
export const mixesCurrencies = (quotes: Pick<Quote, 'currency'>[]) => new Set(quotes.map((q) => q.currency)).size > 1;
