import type { Quote } from '@soar/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarketState } from '../../../shared/quote/market-state.tsx';
import { statusOf, useMarketStatusList } from '../../../shared/quote/market-status.ts';
import { isNotFound, useQuoteDetail } from '../../../shared/quote/quote-detail.ts';
import { WatchStar } from '../../../shared/quote/watch-star.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useDailyKline } from '../api/daily-kline.ts';
import styles from '../quote.module.css';
import { AlertBell } from './alert-bell.tsx';
import { KlineChart } from './kline-chart.tsx';
import { LoadError } from './load-error.tsx';
import { PriceHeader } from './price-header.tsx';
import { QuoteFields } from './quote-fields.tsx';
import { SymbolNotFound } from './symbol-not-found.tsx';
import { TradeButtons, type TradeSide } from './trade-buttons.tsx';

const backTo = {
  stock: { path: '/pages/main/market/index', label: 'quoteUi.notFound.toMarkets' },
  index: { path: '/pages/quote/globalindex', label: 'quoteUi.notFound.toIndices' },
};

type Props = {
  symbol: string;
  title: string;
  kind: 'stock' | 'index';
  signedIn: boolean;
  /** Buy and sell on a stock: the page opens the order ticket. */
  onTrade?: (side: TradeSide, quote: Quote) => void;
  /** The bell of a stock: the page opens its alert sheet; `active` counts the member's armed alerts on it. */
  alerts?: { active: number; onOpen: (quote: Quote) => void };
};

/**
 * The detail of one instrument: live header, chart and fields. A stock adds the watchlist star,
 * the alert bell and buy and sell; an index shows its level without volume.
 */
export function QuoteDetail({ symbol, title, kind, signedIn, onTrade, alerts }: Props) {
  const { t } = useTranslation();
  const quote = useQuoteDetail(symbol);
  const data = quote.data;
  const year = useDailyKline(data ? data.symbol : '', '1Y');
  const statuses = useMarketStatusList();
  const status = data ? statusOf(statuses.data, data) : undefined;
  const dayOpen = status?.dayOpen;
  const dayClose = status?.dayClose;
  const session = useMemo(
    () => (dayOpen && dayClose ? { open: dayOpen, close: dayClose } : undefined),
    [dayOpen, dayClose],
  );
  const ownPath = `/pages/quote/${kind === 'stock' ? 'stock' : 'in'}?symbol=${encodeURIComponent(symbol)}`;
  return (
    <section className={styles.page}>
      <h1 className="page-title">{t(title)}</h1>
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
            status={<MarketState status={status} />}
            actions={
              data.kind === 'stock' ? (
                <div className={styles.headerActions}>
                  {alerts && (
                    <AlertBell symbol={data.symbol} active={alerts.active} onOpen={() => alerts.onOpen(data)} />
                  )}
                  <WatchStar symbol={data.symbol} signedIn={signedIn} returnTo={ownPath} />
                </div>
              ) : undefined
            }
          />
          <KlineChart
            symbol={data.symbol}
            precision={data.price.split('.')[1]?.length ?? 0}
            volume={data.kind === 'stock'}
            session={session}
          />
          <QuoteFields quote={data} year={year.data} />
          {data.kind === 'stock' && onTrade && <TradeButtons onTrade={(side) => onTrade(side, data)} />}
        </>
      )}
    </section>
  );
}
