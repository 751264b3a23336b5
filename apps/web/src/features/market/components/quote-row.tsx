import type { Quote } from '@soar/contract';
import { type ReactNode, useRef } from 'react';
import { directionOf, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { useLanguageStore } from '../../../shared/stores/language.ts';
import '../market.css';

/**
 * One live stock: symbol, name, price and change percent. The price flashes green (up) or red
 * (down) when it moves.
 */
export function QuoteRow({
  quote: initial,
  onOpen,
  aside,
}: {
  quote: Quote;
  onOpen: (symbol: string) => void;
  aside?: ReactNode;
}) {
  const locale = useLanguageStore((state) => state.language);
  const element = useRef<HTMLLIElement>(null);
  const { quote, flash, flashKey } = useLiveQuote(initial, element);
  return (
    <li ref={element} className="quote-row" data-testid="quote-row" data-symbol={quote.symbol}>
      <button type="button" className="quote-row-main" onClick={() => onOpen(quote.symbol)}>
        <span className="quote-names">
          <span className="quote-symbol">{quote.symbol}</span>
          <span className="quote-name">{quote.name}</span>
        </span>
        <span
          key={flashKey}
          className={`quote-price${flash ? ` flash-${flash}` : ''}`}
          data-testid="quote-price"
          data-value={quote.price}
        >
          {formatPrice(quote.price, locale)}
        </span>
        <span
          className={`quote-change change-${directionOf(quote.changePercent)}`}
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
