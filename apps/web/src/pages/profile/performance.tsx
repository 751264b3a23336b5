import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountValue } from '../../features/portfolio/components/account-value.tsx';
import { ExportForm } from '../../features/portfolio/components/export-form.tsx';
import styles from '../../features/portfolio/components/performance.module.css';
import { PerformanceView } from '../../features/portfolio/components/performance-view.tsx';
import { RealisedTable } from '../../features/portfolio/components/realised-table.tsx';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';

/** Performance under the profile: account value, return against an index, allocation, realised P/L, exports. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame
      title="pages.profile.performance"
      links={
        <button type="button" className={pageLinkClass} onClick={() => navigate('/pages/profile/statements')}>
          {t('pages.profile.statements')}
        </button>
      }
    >
      <div className={styles.stack}>
        <AccountValue />
        <PerformanceView />
        <RealisedTable />
        <ExportForm />
      </div>
    </PageFrame>
  );
}
