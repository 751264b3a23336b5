import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountValue } from '../../../features/portfolio/components/account-value.tsx';
import styles from '../../../features/portfolio/components/performance.module.css';
import { PerformanceSummary } from '../../../features/portfolio/components/performance-summary.tsx';
import { useSessionStore } from '../../../features/session/store.ts';
import { GuestPrompt, TradeTabs } from '../../../features/trade/components/trade-tabs.tsx';
import { guardLoginPath } from '../../../shared/navigation.ts';

/** The Trade tab: my holdings, my closing positions and my subscriptions; a guest is asked to sign in. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isLogined = useSessionStore((state) => state.isLogined);
  return (
    <section>
      <h1 className="page-title" style={{ padding: '12px 16px 0', margin: 0 }}>
        {t('pages.main.trade.index')}
      </h1>
      {isLogined ? (
        <>
          <div className={styles.top}>
            <AccountValue />
            <PerformanceSummary onOpen={() => navigate('/pages/profile/performance')} />
          </div>
          <TradeTabs />
        </>
      ) : (
        <GuestPrompt
          onSignIn={() => navigate(`${guardLoginPath}?redirect=${encodeURIComponent('/pages/main/trade/index')}`)}
        />
      )}
    </section>
  );
}
