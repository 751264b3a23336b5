import { type Loan, loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import card from '../../../shared/ui/product-card.module.css';

/** One tag for where a loan stands: under review, refused, or its loan status (docs/product.md section 4). */
export function StatusTag({ loan }: { loan: Pick<Loan, 'approvalStatus' | 'status'> }) {
  const { t } = useTranslation();
  if (loan.approvalStatus === loanApprovalStatuses.pending) {
    return <span className={`${card.tag} ${card.tagWarning}`}>{t('loan.status.pending')}</span>;
  }
  if (loan.approvalStatus === loanApprovalStatuses.refused) {
    return <span className={`${card.tag} ${card.tagDanger}`}>{t('loan.status.refused')}</span>;
  }
  const tone = {
    [loanStatuses.notDisbursed]: '',
    [loanStatuses.disbursed]: card.tagPrimary,
    [loanStatuses.repaid]: card.tagSuccess,
    [loanStatuses.overdue]: card.tagDanger,
  }[loan.status];
  return (
    <span className={`${card.tag} ${tone ?? ''}`} data-testid="loan-status">
      {t(`loan.status.${loan.status}`)}
    </span>
  );
}
