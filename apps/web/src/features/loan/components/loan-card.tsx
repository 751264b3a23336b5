import { type Loan, loanApprovalStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import styles from './loan.module.css';
import { Row } from './row.tsx';
import { StatusTag } from './status-tag.tsx';

/** One of my loans in the history: amount, where it stands, what is owed and by when. */
export function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const money = useMoney();
  const approved = loan.approvalStatus === loanApprovalStatuses.approved;
  return (
    <Link
      to={`/pages/borrow/detail?id=${loan.id}`}
      className={`${card.card} ${styles.clickable}`}
      data-testid="loan-card"
    >
      <div className={card.cardHead}>
        <div>
          <h2 className={card.name}>{loan.name}</h2>
          <p className={card.sub}>{t('loan.appliedOn', { date: money.time(loan.appliedAt) })}</p>
        </div>
        <StatusTag loan={loan} />
      </div>
      <Row label={approved ? t('loan.approvedAmount') : t('loan.appliedAmount')}>
        {money.amount(loan.approvedAmount ?? loan.amount, loan.currency)}
      </Row>
      {approved && (
        <>
          <Row label={t('loan.owedToday')} strong>
            {money.amount(loan.owed.total, loan.currency)}
          </Row>
          {loan.dueDate && <Row label={t('loan.dueDate')}>{money.day(loan.dueDate)}</Row>}
        </>
      )}
    </Link>
  );
}
