import type { NewsItem } from '@soar/contract';
import { formatDate } from '../../../shared/format.ts';
import { useLocale } from '../../../shared/use-locale.ts';
import styles from '../market.module.css';

/** The name of a language in the reader's language ("Englisch" for a German reader). */
export const languageName = (language: string, locale: string) =>
  new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;

/** Whether an article is served in another language than the reader's (not translated yet). */
export const isFallback = (item: Pick<NewsItem, 'language'>, locale: string) => item.language !== locale;

/** The reader's language first, in the list's order within each group. */
export const readerLanguageFirst = <T extends Pick<NewsItem, 'language'>>(items: T[], locale: string) => [
  ...items.filter((item) => !isFallback(item, locale)),
  ...items.filter((item) => isFallback(item, locale)),
];

/** A news headline with its summary and time; an untranslated one names its language. */
export function NewsRow({ item, onOpen }: { item: NewsItem; onOpen: (id: number) => void }) {
  const locale = useLocale();
  return (
    <li lang={item.language}>
      <button type="button" className={styles.newsRow} data-testid="news-row" onClick={() => onOpen(item.id)}>
        <span className={styles.newsTitle} data-testid="news-title">
          {item.title}
        </span>
        <span className={styles.newsSummary}>{item.summary}</span>
        <span className={styles.newsMeta}>
          <time className={styles.newsTime} dateTime={item.publishedAt}>
            {formatDate(item.publishedAt, locale)}
          </time>
          {isFallback(item, locale) && (
            <span className={styles.newsLanguage} data-testid="news-fallback" lang={locale}>
              {languageName(item.language, locale)}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
