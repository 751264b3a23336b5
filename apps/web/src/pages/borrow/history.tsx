import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoans } from '../../features/loan/api/loans.ts';
import { LoanCard } from '../../features/loan/components/loan-card.tsx';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';

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
      <PagedList query={loans} testId="loan-list" empty={t('loan.empty')} render={(loan) => <LoanCard loan={loan} />} />
    </PageFrame>
  );
}
