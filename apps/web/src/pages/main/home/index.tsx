import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BannerCarousel } from '../../../features/market/components/banner-carousel.tsx';
import { Icon, type IconName } from '../../../features/market/components/icons.tsx';
import { ListState } from '../../../features/market/components/list-state.tsx';
import { SupportButton } from '../../../features/market/components/support-button.tsx';
import styles from '../../../features/market/market.module.css';
import { quotePath } from '../../../shared/quote/format.ts';
import { IndexCard } from '../../../shared/quote/index-card.tsx';
import { useIndexList } from '../../../shared/quote/index-list.ts';
import { TopBar } from '../../../shared/ui/top-bar.tsx';
import { HomeBelowFold } from './below-fold.tsx';

const grid: { key: string; path: string; icon: IconName }[] = [
  { key: 'loan', path: '/pages/borrow/index', icon: 'loan' },
  { key: 'deposit', path: '/pages/deposit/index', icon: 'deposit' },
  { key: 'withdraw', path: '/pages/withdraw/crypto', icon: 'withdraw' },
  { key: 'blocktrade', path: '/pages/product/blocktrade', icon: 'blocktrade' },
  { key: 'ipo', path: '/pages/product/newstock', icon: 'ipo' },
  { key: 'quant', path: '/pages/quantify/index', icon: 'quant' },
];

/**
 * What is below the first screen renders in a second pass, once the first one is on screen: the
 * first commit and its layout stay short (docs/performance.md, bench:web).
 */
function useSecondPass(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

/** The home tab (plain layout): search, banners, indices, shortcuts; news, stocks, funds below. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const indices = useIndexList();
  const secondPass = useSecondPass();

  return (
    <>
      <TopBar>
        <button
          type="button"
          className="search-entry"
          data-testid="home-search"
          onClick={() => navigate('/pages/search/index')}
        >
          <Icon name="search" />
          <span>{t('marketUi.search.placeholder')}</span>
        </button>
      </TopBar>
      <div className="home-page">
        <h1 className="visually-hidden">{t('pages.main.home.index')}</h1>
        <BannerCarousel />

        <section className={styles.card} data-testid="home-indices" aria-labelledby="home-indices-title">
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle} id="home-indices-title">
              {t('market.indices')}
            </h2>
            <button type="button" className={styles.linkButton} onClick={() => navigate('/pages/quote/globalindex')}>
              {t('marketUi.more')}
            </button>
          </div>
          {indices.isError ? (
            <ListState loading={false} error empty={false} onRetry={() => void indices.refetch()} />
          ) : (
            // The strip keeps its height while loading, so nothing below it moves.
            <div className={styles.indexStrip}>
              {indices.data?.map((quote) => (
                <IndexCard key={quote.symbol} quote={quote} onOpen={(item) => navigate(quotePath(item))} />
              ))}
            </div>
          )}
        </section>

        <nav
          className={`${styles.card} ${styles.homeGrid}`}
          data-testid="home-grid"
          aria-label={t('marketUi.grid.title')}
        >
          {grid.map((item) => (
            <button key={item.key} type="button" className={styles.gridItem} onClick={() => navigate(item.path)}>
              <span className={styles.gridIcon}>
                <Icon name={item.icon} />
              </span>
              {t(`marketUi.grid.${item.key}`)}
            </button>
          ))}
          <SupportButton className={styles.gridItem}>
            <span className={styles.gridIcon}>
              <Icon name="support" />
            </span>
            {t('marketUi.grid.support')}
          </SupportButton>
        </nav>

        {secondPass && <HomeBelowFold />}
      </div>
    </>
  );
}
