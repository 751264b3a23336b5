import { call } from '@soar/client';
import { type ApiData, loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { QueuePage } from '../../shared/review-queue/queue-page.tsx';
import { LoanReview } from './loan-review.tsx';
import { LoanApproval, LoanState } from './loan-status.tsx';

export type AdminLoan = ApiData<'GET /admin/loan/list'>['list'][number];

/** Loan applications and loans: approve (disburses) or refuse with a reason, the member beside. */
export default function LoanQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <QueuePage<AdminLoan>
      title={t('menu.loans')}
      listKey="admin/loan/list"
      load={({ approvalStatus, status, userId, page, pageSize, id }, search) =>
        call('GET /admin/loan/list', { query: { approvalStatus, status, userId, page, pageSize, id, ...search } })
      }
      filters={[
        {
          key: 'approvalStatus',
          label: t('loans.approval'),
          width: 140,
          options: () =>
            Object.values(loanApprovalStatuses).map((value) => ({ value, label: t(`status.loanApproval.${value}`) })),
          testId: 'approval-filter',
        },
        {
          key: 'status',
          label: t('loans.state'),
          width: 150,
          options: () => Object.values(loanStatuses).map((value) => ({ value, label: t(`status.loan.${value}`) })),
          testId: 'loan-status-filter',
        },
        {
          key: 'userId',
          width: 160,
          onlyWhenSet: true,
          options: (userId) =>
            userId === undefined ? [] : [{ value: userId, label: `${t('common.member')} #${userId}` }],
        },
      ]}
      testId="loan-table"
      columns={[
        { title: 'ID', dataIndex: 'id', width: 80 },
        { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
        { title: t('loans.product'), dataIndex: 'name' },
        {
          title: t('loans.applied'),
          align: 'right',
          render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
        },
        {
          title: t('loans.approved'),
          align: 'right',
          render: (_, row) => (row.approvedAmount ? `${money(row.approvedAmount, row.currency)} ${row.currency}` : '—'),
        },
        {
          title: t('loans.owed'),
          align: 'right',
          render: (_, row) => (row.status === loanStatuses.notDisbursed ? '—' : money(row.owed.total, row.currency)),
        },
        { title: t('loans.cycle'), render: (_, row) => t('loans.days', { count: row.cycleDays }) },
        { title: t('common.submitted'), render: (_, row) => formatTime(row.appliedAt) },
        { title: t('loans.approval'), render: (_, row) => <LoanApproval status={row.approvalStatus} /> },
        { title: t('loans.state'), render: (_, row) => <LoanState status={row.status} /> },
      ]}
      review={({ row, onClose, onDecided }) => <LoanReview loan={row} onClose={onClose} onDecided={onDecided} />}
    />
  );
}
