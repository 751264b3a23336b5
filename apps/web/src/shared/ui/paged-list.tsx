import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list.module.css';
import { ListState } from './list-state.tsx';

type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/**
 * A paged list call's rows (shared/paging.ts): pull down to refresh, the next page loads as the end
 * scrolls into view (antd-mobile's InfiniteScroll watches the page's scroll area), a failed page
 * offers a retry. `empty` says why there is nothing, in the list's own words.
 */
export function PagedList<T extends { id: number }>({
  query,
  render,
  empty,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  render: (item: T) => ReactNode;
  empty: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => void (await query.refetch())}
      pullingText={t('list.pulling')}
      canReleaseText={t('list.release')}
      refreshingText={<DotLoading />}
      completeText={t('list.refreshed')}
    >
      <div className={styles.list} data-testid={testId}>
        {items.map((item) => (
          <div key={item.id}>{render(item)}</div>
        ))}
        <ListState query={query} isEmpty={items.length === 0} empty={empty} />
      </div>
      {query.isSuccess && (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage({ throwOnError: true });
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className={styles.link} onClick={() => void retry()}>
                {t('list.failed')} {t('list.retry')}
              </button>
            ) : hasMore ? (
              <DotLoading />
            ) : items.length > 0 ? (
              <span className={styles.hint}>{t('list.noMore')}</span>
            ) : null
          }
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
