import type { NewsItem } from '@soar/contract';
import { formatDate } from '../../../shared/format.ts';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../market.module.css';

/** A news headline with its summary and time. */
export function NewsRow({ item, onOpen }: { item: NewsItem; onOpen: (id: number) => void }) {
  const locale = useLocale();
  return (
    <li>
      <button type="button" className={styles.newsRow} data-testid="news-row" onClick={() => onOpen(item.id)}>
        <span className={styles.newsTitle} data-testid="news-title">
          {item.title}
        </span>
        <span className={styles.newsSummary}>{item.summary}</span>
        <time className={styles.newsTime} dateTime={item.publishedAt}>
          {formatDate(item.publishedAt, locale)}
        </time>
      </button>
    </li>
  );
}
