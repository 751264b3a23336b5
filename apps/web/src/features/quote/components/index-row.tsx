import type { Quote } from '@soar/contract';
import { navigate } from '../../../shared/navigation.ts';
import { directionOf, formatChangePercent, formatPrice, quotePath } from '../../../shared/quote/format.ts';
import { useLiveLevel } from './use-live-level.ts';
import { useLocale } from './use-locale.ts';

/** One index of the global list: name, country, live level and change; tap opens its detail. */
export function IndexRow({ quote: initial }: { quote: Quote }) {
  const locale = useLocale();
  const quote = useLiveLevel(initial);
  const direction = directionOf(quote.change);
  return (
    <li>
      <button type="button" className="index-row" onClick={() => navigate(quotePath(quote))} data-testid="index-row">
        <span className="index-row-name">
          <span className="index-name">{quote.name}</span>
          <span className="quote-meta">
            <span className="quote-symbol">{quote.symbol}</span>
            <span className="quote-badge">{quote.market}</span>
          </span>
        </span>
        <span className="index-row-level">
          <span className="index-level">{formatPrice(quote.price, locale)}</span>
          <span className={`index-change quote-chip-${direction}`}>{formatChangePercent(quote, locale)}</span>
        </span>
      </button>
    </li>
  );
}
