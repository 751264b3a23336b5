import type { Quote } from '@soar/contract';
import { navigate } from '../../../shared/navigation.ts';
import { directionOf, formatChangePercent, formatPrice, quotePath } from '../../../shared/quote/format.ts';
import { useKline } from '../api/kline.ts';
import { Sparkline } from './sparkline.tsx';
import { useLiveLevel } from './use-live-level.ts';
import { useLocale } from './use-locale.ts';

// A day of hourly closes: enough shape for a card, one small request per index.
const sparklineBars = 24;

/** A compact card of one index: live level, change and a sparkline of its last day in hours. */
export function IndexCard({ quote: initial }: { quote: Quote }) {
  const locale = useLocale();
  const quote = useLiveLevel(initial);
  const kline = useKline(quote.symbol, '1h', sparklineBars);
  const direction = directionOf(quote.change);
  return (
    <li>
      <button type="button" className="index-card" onClick={() => navigate(quotePath(quote))} data-testid="index-card">
        <span className="index-card-name">{quote.name}</span>
        <span className="index-card-level">{formatPrice(quote.price, locale)}</span>
        <span className={`index-card-change quote-${direction}`}>{formatChangePercent(quote, locale)}</span>
        <Sparkline bars={kline.data?.list ?? []} direction={direction} />
      </button>
    </li>
  );
}
