import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoan } from '../../features/loan/api/loans.ts';
import { LoanDetailView } from '../../features/loan/components/loan-detail.tsx';
import type { PageProps } from '../../shared/page.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

/** One of my loans (`?id=`): owed today, schedule, simulator, accruals and repayments. */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const id = /^\d{1,10}$/.test(query.id ?? '') ? Number(query.id) : undefined;
  const loan = useLoan(id);
  return (
    <PageFrame
      title="pages.borrow.detail"
      links={
        <Link className={pageLinkClass} to="/pages/borrow/history">
          {t('loan.myLoans')}
        </Link>
      }
    >
      {loan.isPending && id !== undefined && <Spinner delay={200} />}
      {(id === undefined || loan.isError) && <p>{t('loan.notFound')}</p>}
      {loan.data && <LoanDetailView loan={loan.data} />}
    </PageFrame>
  );
}
