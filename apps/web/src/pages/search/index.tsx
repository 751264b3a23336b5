import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSearch } from '../../features/market/api/search.ts';
import { ListState } from '../../features/market/components/list-state.tsx';
import { NewsRow } from '../../features/market/components/news-row.tsx';
import { mixesCurrencies, QuoteRow } from '../../features/market/components/quote-row.tsx';
import styles from '../../features/market/market.module.css';
import { useRecentSearches } from '../../features/market/recent-searches.ts';
import { useSessionStore } from '../../features/session/store.ts';
import { WatchStar } from '../../shared/quote/watch-star.tsx';
import { useDebounced } from '../../shared/use-debounced.ts';

/** Search delay after the last keystroke. */
const searchDelay = 300;

/** Stocks and news by ticker, name or title; recent searches; a star for members. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), searchDelay).slice(0, 64);
  const result = useSearch(q);
  const { recent, remember, clear } = useRecentSearches();
  const isLogined = useSessionStore((state) => state.isLogined);
  const data = q ? result.data : undefined;

  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('pages.search.index')}</h1>
      <SearchBar
        placeholder={t('marketUi.search.placeholder')}
        value={text}
        onChange={setText}
        onSearch={(value) => remember(value)}
        autoFocus
        clearable
        data-testid="search-input"
        style={{ '--background': 'var(--surface)', '--height': '40px' }}
      />
      {!q && (
        <section className={styles.card} data-testid="recent-searches" aria-labelledby="recent-title">
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle} id="recent-title">
              {t('marketUi.search.recent')}
            </h2>
            {recent.length > 0 && (
              <button type="button" className={styles.linkButton} data-testid="recent-clear" onClick={clear}>
                {t('marketUi.search.clear')}
              </button>
            )}
          </div>
          {recent.length === 0 ? (
            <p className={styles.listNote}>{t('marketUi.search.hint')}</p>
          ) : (
            <div className={styles.recent}>
              {recent.map((item) => (
                <button
                  key={item}
                  type="button"
                  className={styles.chip}
                  data-testid="recent-item"
                  onClick={() => setText(item)}
                >
                  {item}
                </button>
              ))}
            </div>
          )}
        </section>
      )}
      {q && (
        <ListState
          loading={result.isPending}
          error={result.isError}
          empty={false}
          onRetry={() => void result.refetch()}
        />
      )}
      {data && data.stocks.length === 0 && data.news.length === 0 && (
        <p className={styles.listNote} data-testid="search-empty">
          {t('marketUi.search.noResults', { q })}
        </p>
      )}
      {data && data.stocks.length > 0 && (
        <section className={styles.card} data-testid="search-stocks" aria-labelledby="stocks-title">
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle} id="stocks-title">
              {t('marketUi.search.stocks')}
            </h2>
          </div>
          <ul className={styles.quoteList}>
            {data.stocks.map((quote) => (
              <QuoteRow
                key={quote.symbol}
                quote={quote}
                onOpen={(symbol) => {
                  remember(q);
                  navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`);
                }}
                aside={isLogined && <WatchStar symbol={quote.symbol} signedIn returnTo="/pages/search/index" row />}
                showCurrency={mixesCurrencies(data.stocks)}
              />
            ))}
          </ul>
        </section>
      )}
      {data && data.news.length > 0 && (
        <section className={styles.card} data-testid="search-news" aria-labelledby="news-title">
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle} id="news-title">
              {t('marketUi.search.news')}
            </h2>
          </div>
          <ul className={styles.newsList}>
            {data.news.map((item) => (
              <NewsRow
                key={item.id}
                item={item}
                onOpen={(id) => {
                  remember(q);
                  navigate(`/pages/news/detail?id=${id}`);
                }}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
