import { EditSOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListState } from '../../../features/market/components/list-state.tsx';
import { mixesCurrencies, QuoteRow } from '../../../features/market/components/quote-row.tsx';
import { Refresh } from '../../../features/market/components/refresh.tsx';
import styles from '../../../features/market/market.module.css';
import { useSessionStore } from '../../../features/session/store.ts';
import { guardLoginPath } from '../../../shared/navigation.ts';
import { useWatchlist } from '../../../shared/quote/watchlist.ts';

/** The watchlists tab: a member's live list with a manage button; a guest is asked to log in. */
export function Page() {
  const { t } = useTranslation();
  const isLogined = useSessionStore((state) => state.isLogined);
  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('pages.main.watchlist.index')}</h1>
      {isLogined ? <MemberList /> : <GuestPrompt />}
    </div>
  );
}

function GuestPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = encodeURIComponent('/pages/main/watchlist/index');
  return (
    <div className={`${styles.card} ${styles.prompt}`} data-testid="watchlist-guest">
      <StarOutline className={styles.promptIcon} aria-hidden />
      <h2>{t('marketUi.watch.guestTitle')}</h2>
      <p>{t('marketUi.watch.guestBody')}</p>
      <button
        type="button"
        className="button-primary"
        data-testid="watchlist-login"
        onClick={() => navigate(`${guardLoginPath}?redirect=${redirect}`)}
      >
        {t('marketUi.watch.login')}
      </button>
    </div>
  );
}

function MemberList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useWatchlist();
  const openStock = (symbol: string) => navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`);
  return (
    <div className={styles.card}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('marketUi.watch.mine', { count: list.data?.length ?? 0 })}</h2>
        <button
          type="button"
          className={styles.linkButton}
          data-testid="watchlist-manage"
          onClick={() => navigate('/pages/main/watchlist/manage')}
        >
          <EditSOutline aria-hidden /> {t('marketUi.watch.manage')}
        </button>
      </div>
      <Refresh onRefresh={() => list.refetch()}>
        <ListState
          loading={list.isPending}
          error={list.isError}
          empty={list.data?.length === 0}
          emptyText={t('marketUi.watch.empty')}
          onRetry={() => void list.refetch()}
        />
        {list.data?.length === 0 && (
          <div className={styles.prompt}>
            <button type="button" className="button-primary" onClick={() => navigate('/pages/search/index')}>
              {t('marketUi.watch.add')}
            </button>
          </div>
        )}
        <ul className={styles.quoteList} data-testid="watchlist">
          {list.data?.map((quote) => (
            <QuoteRow key={quote.symbol} quote={quote} onOpen={openStock} showCurrency={mixesCurrencies(list.data)} />
          ))}
        </ul>
      </Refresh>
    </div>
  );
}
