import type { Quote } from '@soar/contract';
import { directionOf, formatChangePercent, formatPrice } from '../../../shared/quote/format.ts';
import { useLiveQuote } from '../../../shared/quote/live-quote.ts';
import { useLanguageStore } from '../../../shared/stores/language.ts';
import '../market.css';

/** A global index in the home strip: name, live level and change. */
export function IndexCard({ quote: initial, onOpen }: { quote: Quote; onOpen: (symbol: string) => void }) {
  const locale = useLanguageStore((state) => state.language);
  const { quote, flash, flashKey } = useLiveQuote(initial);
  const move = directionOf(quote.changePercent);
  return (
    <button
      type="button"
      className={`index-card change-${move}`}
      data-testid="index-card"
      data-symbol={quote.symbol}
      onClick={() => onOpen(quote.symbol)}
    >
      <span className="index-name">{quote.name}</span>
      <span key={flashKey} className={`index-price${flash ? ` flash-${flash}` : ''}`}>
        {formatPrice(quote.price, locale)}
      </span>
      <span className="index-change">{formatChangePercent(quote, locale)}</span>
    </button>
  );
}
