import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNewsList } from '../../../features/market/api/news-list.ts';
import { useMostActive } from '../../../features/market/api/quote-list.ts';
import { Icon, type IconName } from '../../../features/market/components/icons.tsx';
import { ListState } from '../../../features/market/components/list-state.tsx';
import { NewsRow, readerLanguageFirst } from '../../../features/market/components/news-row.tsx';
import { mixesCurrencies, QuoteRow } from '../../../features/market/components/quote-row.tsx';
import styles from '../../../features/market/market.module.css';
import { useLocale } from '../../../shared/use-locale.ts';
import { homeMostActive, homeNewsPage } from './prefetch.ts';

/** The funds on sale, below the fold: their code stays out of the home route's first load. */
const HomeFunds = lazy(() =>
  import('../../../features/quant/components/home-funds.tsx').then((module) => ({ default: module.HomeFunds })),
);

const quick: { key: string; path: string; icon: IconName }[] = [
  { key: 'markets', path: '/pages/main/market/index', icon: 'markets' },
  { key: 'watchlists', path: '/pages/main/watchlist/index', icon: 'watchlists' },
  { key: 'indices', path: '/pages/quote/globalindex', icon: 'indices' },
  { key: 'popular', path: '/pages/product/popular', icon: 'popular' },
];

/** The home page below the first screen: news, most active stocks, funds, quick links. */
export function HomeBelowFold() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const news = useNewsList(homeNewsPage);
  const locale = useLocale();
  const shownNews = readerLanguageFirst(news.data?.list ?? [], locale).slice(0, 5);
  const active = useMostActive(homeMostActive);
  const openStock = (symbol: string) => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`);

  return (
    <>
      <section className={styles.card} data-testid="home-news" aria-labelledby="home-news-title">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="home-news-title">
            {t('marketUi.sections.news')}
          </h2>
        </div>
        <ListState
          loading={news.isPending}
          error={news.isError}
          empty={news.data?.list.length === 0}
          onRetry={() => void news.refetch()}
        />
        <ul className={styles.newsList}>
          {shownNews.map((item) => (
            <NewsRow key={item.id} item={item} onOpen={(id) => navigate(`/pages/news/detail?id=${id}`)} />
          ))}
        </ul>
      </section>

      <section className={styles.card} data-testid="home-stocks" aria-labelledby="home-stocks-title">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="home-stocks-title">
            {t('market.active')}
          </h2>
          <button type="button" className={styles.linkButton} onClick={() => navigate('/pages/main/market/index')}>
            {t('marketUi.more')}
          </button>
        </div>
        <ListState
          loading={active.isPending}
          error={active.isError}
          empty={active.data?.list.length === 0}
          onRetry={() => void active.refetch()}
        />
        <ul className={styles.quoteList}>
          {active.data?.list.map((quote) => (
            <QuoteRow
              key={quote.symbol}
              quote={quote}
              onOpen={openStock}
              showCurrency={mixesCurrencies(active.data.list)}
              showState
            />
          ))}
        </ul>
      </section>

      <section className={styles.card} data-testid="home-funds" aria-labelledby="home-funds-title">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="home-funds-title">
            {t('marketUi.sections.funds')}
          </h2>
          <button type="button" className={styles.linkButton} onClick={() => navigate('/pages/quantify/index')}>
            {t('marketUi.sections.fundsLink')} <Icon name="right" />
          </button>
        </div>
        <Suspense fallback={null}>
          <HomeFunds onOpen={() => navigate('/pages/quantify/index')} />
        </Suspense>
      </section>

      <section className={styles.card} data-testid="home-quick" aria-labelledby="home-quick-title">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="home-quick-title">
            {t('marketUi.quick.title')}
          </h2>
        </div>
        <div className={styles.quickGrid}>
          {quick.map((item) => (
            <button key={item.key} type="button" className={styles.quickLink} onClick={() => navigate(item.path)}>
              <Icon name={item.icon} />
              {t(`marketUi.quick.${item.key}`)}
            </button>
          ))}
        </div>
      </section>
    </>
  );
}
