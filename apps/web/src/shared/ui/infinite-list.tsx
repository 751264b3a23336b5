import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styles from './infinite-list.module.css';

type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/**
 * The rows of a paged list call and a button for the next page. The texts come from the caller,
 * so each feature speaks in its own words.
 */
export function InfiniteList<T extends { id: number }>({
  query,
  render,
  texts,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  render: (item: T) => ReactNode;
  texts: { empty: ReactNode; more: string; loading: string; error: string; retry: string };
  testId?: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className={styles.list} data-testid={testId}>
      {items.map((item) => (
        <div key={item.id}>{render(item)}</div>
      ))}
      {query.isSuccess && items.length === 0 && <div className={styles.empty}>{texts.empty}</div>}
      {query.isPending && <p className={styles.hint}>{texts.loading}</p>}
      {query.isError && (
        <p className={styles.hint}>
          {texts.error}{' '}
          <button type="button" className={styles.link} onClick={() => void query.refetch()}>
            {texts.retry}
          </button>
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.more}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? texts.loading : texts.more}
        </button>
      )}
    </div>
  );
}
