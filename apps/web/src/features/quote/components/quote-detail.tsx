import type { Quote } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { isNotFound, useLiveQuote } from '../api/quote-detail.ts';
import { KlineChart } from './kline-chart.tsx';
import { LoadError } from './load-error.tsx';
import { PriceHeader } from './price-header.tsx';
import { QuoteFields } from './quote-fields.tsx';
import { SymbolNotFound } from './symbol-not-found.tsx';
import { TradeButtons, type TradeSide } from './trade-buttons.tsx';
import { WatchStar } from './watch-star.tsx';
import '../quote.css';

const backTo = {
  stock: { path: '/pages/main/market/index', label: 'quoteUi.notFound.toMarkets' },
  index: { path: '/pages/quote/globalindex', label: 'quoteUi.notFound.toIndices' },
};

type Props = {
  symbol: string;
  title: string;
  kind: 'stock' | 'index';
  /** Buy and sell on a stock: the page opens the order ticket. */
  onTrade?: (side: TradeSide, quote: Quote) => void;
};

/**
 * The detail of one instrument: live header, chart and fields. A stock adds the watchlist star
 * and buy and sell; an index shows its level without volume.
 */
export function QuoteDetail({ symbol, title, kind, onTrade }: Props) {
  const { t } = useTranslation();
  const quote = useLiveQuote(symbol);
  const data = quote.data;
  const ownPath = `/pages/quote/${kind === 'stock' ? 'stock' : 'in'}?symbol=${encodeURIComponent(symbol)}`;
  return (
    <section className="quote-page">
      <h1 className="quote-page-title">{t(title)}</h1>
      {symbol === '' || isNotFound(quote.error) ? (
        <SymbolNotFound symbol={symbol} backTo={backTo[kind]} />
      ) : quote.isError ? (
        <LoadError onRetry={() => quote.refetch()} />
      ) : !data ? (
        <Spinner delay={200} />
      ) : (
        <>
          <PriceHeader
            quote={data}
            actions={data.kind === 'stock' ? <WatchStar symbol={data.symbol} returnTo={ownPath} /> : undefined}
          />
          <KlineChart
            symbol={data.symbol}
            precision={data.price.split('.')[1]?.length ?? 0}
            volume={data.kind === 'stock'}
          />
          <QuoteFields quote={data} />
          {data.kind === 'stock' && onTrade && <TradeButtons onTrade={(side) => onTrade(side, data)} />}
        </>
      )}
    </section>
  );
}
