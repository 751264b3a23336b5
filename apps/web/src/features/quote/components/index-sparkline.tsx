import type { Quote } from '@soar/contract';
import { directionOf } from '../../../shared/quote/format.ts';
import { useKline } from '../api/kline.ts';
import { Sparkline } from './sparkline.tsx';

// A day of hourly closes: enough shape for a card, one small request per index.
const sparklineBars = 24;

/** An index's last day in hourly closes, for the overview's cards. */
export function IndexSparkline({ quote }: { quote: Quote }) {
  const kline = useKline(quote.symbol, '1h', sparklineBars);
  return <Sparkline bars={kline.data?.list ?? []} direction={directionOf(quote.change)} />;
}
