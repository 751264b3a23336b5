import { call } from '@soar/client';
import { loanApprovalStatuses, loanStatuses, quantOrderStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';

const approvalColours: Record<number, string> = {
  [loanApprovalStatuses.pending]: 'gold',
  [loanApprovalStatuses.approved]: 'green',
  [loanApprovalStatuses.refused]: 'red',
};
const loanColours: Record<number, string> = {
  [loanStatuses.notDisbursed]: 'default',
  [loanStatuses.disbursed]: 'blue',
  [loanStatuses.repaid]: 'green',
  [loanStatuses.overdue]: 'red',
};

/** A member's loans, newest first, each opening in the loan queue. */
export function MemberLoans({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const loans = useQuery({
    queryKey: ['admin/loan/list', 'member', userId],
    queryFn: () => call('GET /admin/loan/list', { query: { userId, page: 1, pageSize: 50 } }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        rowKey="id"
        loading={loans.isFetching}
        dataSource={loans.data?.list}
        pagination={false}
        data-testid="member-loans"
        columns={[
          { title: 'ID', render: (_, row) => <Link to={`/loans?userId=${userId}&open=${row.id}`}>#{row.id}</Link> },
          { title: t('loans.product'), dataIndex: 'name' },
          {
            title: t('loans.applied'),
            align: 'right',
            render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
          },
          {
            title: t('loans.owed'),
            align: 'right',
            render: (_, row) => (row.status === loanStatuses.notDisbursed ? '—' : money(row.owed.total, row.currency)),
          },
          { title: t('loans.dueDate'), render: (_, row) => row.dueDate ?? '—' },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.appliedAt) },
          {
            title: t('common.status'),
            render: (_, row) => (
              <Space size={4}>
                <Tag color={approvalColours[row.approvalStatus]}>{t(`status.loanApproval.${row.approvalStatus}`)}</Tag>
                {row.approvalStatus === loanApprovalStatuses.approved && (
                  <Tag color={loanColours[row.status]}>{t(`status.loan.${row.status}`)}</Tag>
                )}
              </Space>
            ),
          },
        ]}
      />
      {(loans.data?.total ?? 0) > 50 && <Link to={`/loans?userId=${userId}`}>{t('members.allLoans')}</Link>}
    </Space>
  );
}

/** A member's quant fund orders (holdings in progress first by recency). */
export function MemberFunds({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const orders = useQuery({
    queryKey: ['admin/quant/order/list', 'member', userId],
    queryFn: () => call('GET /admin/quant/order/list', { query: { userId, page: 1, pageSize: 50 } }),
  });
  return (
    <Table
      rowKey="id"
      loading={orders.isFetching}
      dataSource={orders.data?.list}
      pagination={false}
      data-testid="member-funds"
      columns={[
        { title: 'ID', dataIndex: 'id' },
        { title: t('funds.name'), dataIndex: 'fundName' },
        {
          title: t('common.amount'),
          align: 'right',
          render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
        },
        {
          title: t('funds.accrued'),
          align: 'right',
          render: (_, row) => `${money(row.accruedProfit, row.currency)} · ${row.accruedDays}/${row.cycleDays}`,
        },
        { title: t('funds.bought'), render: (_, row) => formatTime(row.startTime) },
        {
          title: t('common.status'),
          render: (_, row) => (
            <Tag color={row.status === quantOrderStatuses.inProgress ? 'blue' : 'default'}>
              {t(`status.quantOrder.${row.status}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
}
