import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoans } from '../../features/loan/api/loans.ts';
import { LoanCard } from '../../features/loan/components/loan-card.tsx';
import { InfiniteList } from '../../shared/ui/infinite-list.tsx';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';

/** My applications and loans, newest first. */
export function Page() {
  const { t } = useTranslation();
  const loans = useLoans();
  return (
    <PageFrame
      title="pages.borrow.history"
      links={
        <Link className={pageLinkClass} to="/pages/borrow/index">
          {t('loan.borrow')}
        </Link>
      }
    >
      <InfiniteList
        query={loans}
        testId="loan-list"
        texts={{
          empty: t('loan.empty'),
          more: t('loan.more'),
          loading: t('loan.loading'),
          error: t('loan.loadError'),
          retry: t('loan.retry'),
        }}
        render={(loan) => <LoanCard loan={loan} />}
      />
    </PageFrame>
  );
}
