import type { NewsItem } from '@soar/contract';
import { formatDate } from '../../../shared/format.ts';
import { useLanguageStore } from '../../../shared/stores/language.ts';
import '../market.css';

/** A news headline with its summary and time. */
export function NewsRow({ item, onOpen }: { item: NewsItem; onOpen: (id: number) => void }) {
  const locale = useLanguageStore((state) => state.language);
  return (
    <li>
      <button type="button" className="news-row" data-testid="news-row" onClick={() => onOpen(item.id)}>
        <span className="news-title">{item.title}</span>
        <span className="news-summary">{item.summary}</span>
        <time className="news-time" dateTime={item.publishedAt}>
          {formatDate(item.publishedAt, locale)}
        </time>
      </button>
    </li>
  );
}
