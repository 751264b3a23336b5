import { call } from '@soar/client';
import { type ApiData, loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { LoanReview } from './loan-review.tsx';
import { LoanApproval, LoanState } from './loan-status.tsx';

export type AdminLoan = ApiData<'GET /admin/loan/list'>['list'][number];

const filterKeys = ['approvalStatus', 'status', 'userId', 'open'] as const;
const numberOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** Loan applications and loans: approve (disburses) or refuse with a reason, the member beside. */
export default function LoanQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const state = useUrlState(filterKeys);
  const approvalStatus = numberOf(state.values.approvalStatus);
  const status = numberOf(state.values.status);
  const userId = numberOf(state.values.userId);
  const list = useQuery({
    queryKey: ['admin/loan/list', approvalStatus, status, userId, state.page, state.pageSize],
    queryFn: () =>
      call('GET /admin/loan/list', {
        query: { approvalStatus, status, userId, page: state.page, pageSize: state.pageSize },
      }),
  });
  const openId = numberOf(state.values.open);
  // The record as last opened or decided here: after a decision it may leave the filtered list.
  const [held, setHeld] = useState<AdminLoan>();
  const open = (held?.id === openId ? held : undefined) ?? list.data?.list.find((item) => item.id === openId);

  return (
    <Card
      title={t('menu.loans')}
      extra={
        <Space>
          {t('loans.approval')}
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            value={approvalStatus}
            onChange={(value) => state.set({ approvalStatus: value })}
            options={Object.values(loanApprovalStatuses).map((value) => ({
              value,
              label: t(`status.loanApproval.${value}`),
            }))}
            data-testid="approval-filter"
          />
          {t('loans.state')}
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 150 }}
            value={status}
            onChange={(value) => state.set({ status: value })}
            options={Object.values(loanStatuses).map((value) => ({ value, label: t(`status.loan.${value}`) }))}
            data-testid="loan-status-filter"
          />
          {userId !== undefined && (
            <Select
              allowClear
              style={{ width: 160 }}
              value={userId}
              onChange={() => state.set({ userId: undefined })}
              options={[{ value: userId, label: `${t('common.member')} #${userId}` }]}
            />
          )}
        </Space>
      }
    >
      <Table<AdminLoan>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        data-testid="loan-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('common.member'), dataIndex: 'userId', width: 100 },
          { title: t('loans.product'), dataIndex: 'name' },
          {
            title: t('loans.applied'),
            align: 'right',
            render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
          },
          {
            title: t('loans.approved'),
            align: 'right',
            render: (_, row) =>
              row.approvedAmount ? `${money(row.approvedAmount, row.currency)} ${row.currency}` : '—',
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
      />
      {open && (
        <LoanReview loan={open} onDecided={setHeld} onClose={() => state.set({ open: undefined, page: state.page })} />
      )}
    </Card>
  );
}
