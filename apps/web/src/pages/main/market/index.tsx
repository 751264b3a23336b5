import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type QuoteTab, useQuoteList } from '../../../features/market/api/quote-list.ts';
import { ListState } from '../../../features/market/components/list-state.tsx';
import { QuoteRow } from '../../../features/market/components/quote-row.tsx';
import { Refresh } from '../../../features/market/components/refresh.tsx';
import styles from '../../../features/market/market.module.css';
import { useReachBottom } from '../../../shared/page.ts';
import { MarketState } from '../../../shared/quote/market-state.tsx';
import { useMarketStatus } from '../../../shared/quote/market-status.ts';
import { useAppStore } from '../../../shared/stores/app.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';

const tabs: QuoteTab[] = ['active', 'gainers', 'losers'];

/**
 * The markets tab: the app's markets, then most active, gainers and losers of the chosen market,
 * live, loading more as the list nears its end and refreshing on pull.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { markets, currentMarket, setCurrentMarket } = useAppStore();
  const [tab, setTab] = useState<QuoteTab>('active');
  const list = useQuoteList(currentMarket, tab);
  const status = useMarketStatus(currentMarket);
  const quotes = list.data?.pages.flatMap((page) => page.list) ?? [];

  useReachBottom(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  });

  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('pages.main.market.index')}</h1>
      {markets.length > 0 && (
        <nav className={styles.marketSwitch} aria-label={t('marketUi.marketSwitch')} data-testid="market-switch">
          {markets.map((market) => (
            <button
              key={market.code}
              type="button"
              className={styles.marketChip}
              aria-pressed={market.code === currentMarket}
              data-testid={`market-${market.code}`}
              onClick={() => setCurrentMarket(market.code)}
            >
              {t(`marketUi.marketNames.${market.code}`, { defaultValue: market.name })}
            </button>
          ))}
        </nav>
      )}
      <MarketState status={status} />
      <div className={styles.card}>
        <Tabs className={styles.marketTabs} activeKey={tab} onChange={(key) => setTab(key as QuoteTab)}>
          {tabs.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`tab-${key}`}>{t(`market.${key}`)}</span>} />
          ))}
        </Tabs>
        <Refresh onRefresh={() => list.refetch()}>
          <div className={styles.listHead} aria-hidden>
            <span>{t('marketUi.columns.name')}</span>
            <span>{t('marketUi.columns.price')}</span>
            <span>{t('marketUi.columns.change')}</span>
          </div>
          <ListState
            loading={list.isPending}
            error={list.isError}
            empty={list.isSuccess && quotes.length === 0}
            onRetry={() => void list.refetch()}
          />
          <ul className={styles.quoteList} data-testid="quote-list" data-tab={tab}>
            {quotes.map((quote) => (
              <QuoteRow
                key={quote.symbol}
                quote={quote}
                onOpen={(symbol) => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`)}
              />
            ))}
          </ul>
          {list.isFetchingNextPage && <Spinner />}
          {list.isSuccess && quotes.length > 0 && !list.hasNextPage && (
            <p className={styles.listNote} data-testid="list-end">
              {t('marketUi.list.end')}
            </p>
          )}
        </Refresh>
      </div>
    </div>
  );
}
