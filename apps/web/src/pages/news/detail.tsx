import { RequestError } from '@soar/client';
import { FileWrongOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNewsDetail } from '../../features/market/api/news-detail.ts';
import { ListState } from '../../features/market/components/list-state.tsx';
import { isFallback, languageName } from '../../features/market/components/news-row.tsx';
import { SymbolChip } from '../../features/market/components/symbol-chip.tsx';
import styles from '../../features/market/market.module.css';
import { formatDate } from '../../shared/format.ts';
import type { PageProps } from '../../shared/page.ts';
import { useLocale } from '../../shared/use-locale.ts';

/** One article: title, time, summary, body, related symbols (live) and the language served. */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const id = query.id ?? '';
  const article = useNewsDetail(id);
  const notFound = !/^\d+$/.test(id) || (article.error instanceof RequestError && article.error.status === 404);

  if (notFound || (article.isError && !article.data)) {
    return (
      <div className={styles.page}>
        <h1 className="page-title">{t('pages.news.detail')}</h1>
        <div className={`${styles.card} ${styles.prompt}`} data-testid="news-not-found">
          <FileWrongOutline className={styles.promptIcon} aria-hidden />
          <h2>{t(notFound ? 'marketUi.news.notFound' : 'marketUi.list.error')}</h2>
          <div className={styles.buttonRow}>
            <button type="button" className="button-primary" onClick={() => navigate('/')}>
              {t('marketUi.news.home')}
            </button>
            {!notFound && (
              <button type="button" className={styles.linkButton} onClick={() => void article.refetch()}>
                {t('marketUi.list.retry')}
              </button>
            )}
          </div>
        </div>
      </div>
    );
  }
  if (!article.data) {
    return (
      <div className={styles.page}>
        <h1 className="page-title">{t('pages.news.detail')}</h1>
        <ListState loading error={false} empty={false} />
      </div>
    );
  }
  const item = article.data;
  return (
    <div className={styles.page}>
      <span className="visually-hidden">{t('pages.news.detail')}</span>
      <article className={styles.card} data-testid="news-article" lang={item.language}>
        <div className={styles.article}>
          <h1>{item.title}</h1>
          <p className={styles.articleMeta}>
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, locale)}</time>
            <span data-testid="news-language">
              {t(isFallback(item, locale) ? 'marketUi.news.fallback' : 'marketUi.news.language', {
                language: languageName(item.language, locale),
              })}
            </span>
          </p>
          <p className={styles.articleSummary}>{item.summary}</p>
          <div className={styles.articleBody} data-testid="article-body">
            {item.body
              .split(/\n+/)
              .filter((paragraph) => paragraph.trim())
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </div>
        </div>
        {item.symbols.length > 0 && (
          <section aria-label={t('marketUi.news.related')}>
            <h2 className={`${styles.sectionTitle} ${styles.chipsTitle}`}>{t('marketUi.news.related')}</h2>
            <div className={styles.chips}>
              {item.symbols.map((symbol) => (
                <SymbolChip
                  key={symbol}
                  symbol={symbol}
                  onOpen={(value, kind) =>
                    navigate(`/pages/quote/${kind === 'index' ? 'in' : 'stock'}?symbol=${encodeURIComponent(value)}`)
                  }
                />
              ))}
            </div>
          </section>
        )}
      </article>
    </div>
  );
}
