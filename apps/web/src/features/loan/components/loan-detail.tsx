import { type LoanDetail, loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import { loanContractPath } from '../paths.ts';
import styles from './loan.module.css';
import { OwedSplit } from './owed-split.tsx';
import { RepaySheet } from './repay-sheet.tsx';
import { Row } from './row.tsx';
import { Simulator } from './simulator.tsx';
import { StatusTag } from './status-tag.tsx';

/** One loan: what is owed today, the schedule, the simulator, the daily accruals and repayments. */
export function LoanDetailView({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [repaying, setRepaying] = useState(false);
  const { currency } = loan;
  const active = loan.status === loanStatuses.disbursed || loan.status === loanStatuses.overdue;
  const approved = loan.approvalStatus === loanApprovalStatuses.approved;

  return (
    <>
      <div className={card.card} data-testid="loan-summary">
        <div className={card.cardHead}>
          <div>
            <h2 className={card.name}>{loan.name}</h2>
            <p className={card.sub}>{t('loan.appliedOn', { date: money.time(loan.appliedAt) })}</p>
          </div>
          <StatusTag loan={loan} />
        </div>
        {loan.approvalStatus === loanApprovalStatuses.pending && <p className={card.notice}>{t('loan.waiting')}</p>}
        {loan.approvalStatus === loanApprovalStatuses.refused && (
          <p className={`${card.notice} ${card.noticeAlert}`}>
            {t('loan.refusedBecause', { reason: loan.refuseReason ?? '' })}
          </p>
        )}
        {approved && (
          <>
            <span className={card.rowLabel}>{t('loan.owedToday')}</span>
            <span
              className={`${styles.big} ${loan.status === loanStatuses.overdue ? styles.danger : ''}`}
              data-testid="loan-owed"
            >
              {money.amount(loan.owed.total, currency)}
            </span>
            <OwedSplit owed={loan.owed} currency={currency} testId="loan-owed-split" />
            {loan.accruedThrough && (
              <span className={card.hint}>{t('loan.accruedThrough', { date: money.day(loan.accruedThrough) })}</span>
            )}
            {loan.overdueDays > 0 && (
              <p className={`${card.notice} ${card.noticeAlert}`} data-testid="loan-overdue">
                {t('loan.overdueWarning', { count: loan.overdueDays, rate: money.rate(loan.dailyPenaltyRate) })}
              </p>
            )}
            {active && (
              <Button block color="primary" onClick={() => setRepaying(true)}>
                {t('loan.repay')}
              </Button>
            )}
          </>
        )}
      </div>

      <div className={card.card} data-testid="loan-schedule">
        <h2 className={card.name}>{t('loan.schedule')}</h2>
        <Row label={t('loan.appliedAmount')}>{money.amount(loan.amount, currency)}</Row>
        {loan.approvedAmount && (
          <Row label={t('loan.approvedAmount')}>{money.amount(loan.approvedAmount, currency)}</Row>
        )}
        {loan.disbursedAt && <Row label={t('loan.disbursedAt')}>{money.time(loan.disbursedAt)}</Row>}
        <Row label={t('loan.cycle')}>{t('loan.cycleDays', { count: loan.cycleDays })}</Row>
        <Row label={t('loan.dailyInterest')}>{money.rate(loan.dailyInterestRate)}</Row>
        <Row label={t('loan.dailyPenalty')}>{money.rate(loan.dailyPenaltyRate)}</Row>
        {loan.dueDate && (
          <Row label={t('loan.dueDate')} strong>
            {money.day(loan.dueDate)}
          </Row>
        )}
        {loan.dueAmount && (
          <Row label={t('loan.owedOnDue')} strong testId="loan-due-amount">
            {money.amount(loan.dueAmount.total, currency)}
          </Row>
        )}
        {approved && (
          <>
            <Row label={t('loan.repaidTotal')}>{money.amount(loan.repaidTotal, currency)}</Row>
            <Row label={t('loan.interestTotal')}>{money.amount(loan.interestTotal, currency)}</Row>
            <Row label={t('loan.penaltyTotal')}>{money.amount(loan.penaltyTotal, currency)}</Row>
          </>
        )}
        {loan.repaidAt && <Row label={t('loan.repaidAt')}>{money.time(loan.repaidAt)}</Row>}
        <Link className={styles.link} to={loanContractPath}>
          {t('loan.readContract')}
        </Link>
      </div>

      {active && <Simulator loan={loan} />}

      {approved && (
        <div className={card.card} data-testid="loan-accruals">
          <h2 className={card.name}>{t('loan.accruals')}</h2>
          {loan.accruals.length === 0 ? (
            <span className={card.hint}>{t('loan.noAccruals')}</span>
          ) : (
            <div className={styles.table}>
              <div className={`${styles.tableRow} ${styles.tableHead}`}>
                <span>{t('fields.date')}</span>
                <span>{t('loan.interest')}</span>
                <span>{t('loan.penalty')}</span>
              </div>
              {loan.accruals.map((day) => (
                <div key={day.date} className={styles.tableRow} data-testid="loan-accrual">
                  <span>{money.day(day.date)}</span>
                  <span>{money.amount(day.interest, currency)}</span>
                  <span>{money.amount(day.penalty, currency)}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      )}

      {approved && (
        <div className={card.card} data-testid="loan-repayments">
          <h2 className={card.name}>{t('loan.repayments')}</h2>
          {loan.repayments.length === 0 ? (
            <span className={card.hint}>{t('loan.noRepayments')}</span>
          ) : (
            loan.repayments.map((repayment) => (
              <div key={repayment.id} className={card.field} data-testid="loan-repayment">
                <Row label={money.time(repayment.time)} strong>
                  {money.amount(repayment.amount, currency)}
                </Row>
                <OwedSplit owed={{ ...repayment, total: repayment.amount }} currency={currency} />
              </div>
            ))
          )}
        </div>
      )}

      {repaying && <RepaySheet loan={loan} onClose={() => setRepaying(false)} />}
    </>
  );
}
