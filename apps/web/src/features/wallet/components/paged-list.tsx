import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../api/types.ts';

/**
 * A paged list: pull down to refresh, the next page loads as the end scrolls into view
 * (antd-mobile's InfiniteScroll watches the page's scroll area itself).
 */
export function PagedList<T extends { id: number }>({
  query,
  render,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  render: (item: T) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  const texts = {
    pullingText: t('wallet.pull.pulling'),
    canReleaseText: t('wallet.pull.release'),
    refreshingText: <DotLoading />,
    completeText: t('wallet.pull.done'),
  };
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())} {...texts}>
      <div className="wallet-list" data-testid={testId}>
        {query.isSuccess && items.length === 0 ? (
          <ErrorBlock status="empty" title={t('wallet.empty')} description="" />
        ) : (
          items.map((item) => (
            <div key={item.id} className="wallet-list-item">
              {render(item)}
            </div>
          ))
        )}
      </div>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="wallet-link" onClick={() => void retry()}>
              {t('wallet.retry')}
            </button>
          ) : hasMore || query.isPending ? (
            <DotLoading />
          ) : items.length > 0 ? (
            <span className="wallet-hint">{t('wallet.noMore')}</span>
          ) : null
        }
      </InfiniteScroll>
    </PullToRefresh>
  );
}
