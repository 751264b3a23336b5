import { type Loan, loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import styles from './loan.module.css';

/** One tag for where a loan stands: under review, refused, or its loan status (docs/product.md section 4). */
export function StatusTag({ loan }: { loan: Pick<Loan, 'approvalStatus' | 'status'> }) {
  const { t } = useTranslation();
  if (loan.approvalStatus === loanApprovalStatuses.pending) {
    return <span className={`${styles.tag} ${styles.tagWait}`}>{t('loan.status.pending')}</span>;
  }
  if (loan.approvalStatus === loanApprovalStatuses.refused) {
    return <span className={`${styles.tag} ${styles.tagBad}`}>{t('loan.status.refused')}</span>;
  }
  const tone = {
    [loanStatuses.notDisbursed]: '',
    [loanStatuses.disbursed]: styles.tagActive,
    [loanStatuses.repaid]: styles.tagDone,
    [loanStatuses.overdue]: styles.tagBad,
  }[loan.status];
  return (
    <span className={`${styles.tag} ${tone ?? ''}`} data-testid="loan-status">
      {t(`loan.status.${loan.status}`)}
    </span>
  );
}
