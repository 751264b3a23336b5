import { call } from '@soar/client';
import { type ApiData, withdrawStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { WithdrawStatus } from '../../shared/status.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { WithdrawReview } from './withdraw-review.tsx';

export type AdminWithdrawal = ApiData<'GET /admin/withdraw/list'>['list'][number];

const filterKeys = ['status', 'open'] as const;

export default function WithdrawQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const state = useUrlState(filterKeys);
  const status = state.values.status === undefined ? undefined : Number(state.values.status);
  const list = useQuery({
    queryKey: ['admin/withdraw/list', status, state.page, state.pageSize],
    queryFn: () => call('GET /admin/withdraw/list', { query: { status, page: state.page, pageSize: state.pageSize } }),
  });
  const openId = state.values.open === undefined ? undefined : Number(state.values.open);
  // The record as last opened or decided here: after a decision it may leave the filtered list.
  const [held, setHeld] = useState<AdminWithdrawal>();
  const open = (held?.id === openId ? held : undefined) ?? list.data?.list.find((item) => item.id === openId);

  return (
    <Card
      title={t('menu.withdrawals')}
      extra={
        <Space>
          {t('common.status')}
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 160 }}
            value={status}
            onChange={(value) => state.set({ status: value })}
            options={Object.values(withdrawStatuses).map((value) => ({ value, label: t(`status.withdraw.${value}`) }))}
            data-testid="status-filter"
          />
        </Space>
      }
    >
      <Table<AdminWithdrawal>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        data-testid="withdraw-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('common.member'), dataIndex: 'userId', width: 100 },
          {
            title: t('common.amount'),
            align: 'right',
            render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
          },
          {
            title: t('withdrawals.fee'),
            align: 'right',
            render: (_, row) => `${money(row.fee, row.currency)} ${row.currency}`,
          },
          { title: t('withdrawals.wallet'), render: (_, row) => `${row.walletName} · ${row.network}` },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
          { title: t('common.status'), render: (_, row) => <WithdrawStatus status={row.status} /> },
        ]}
      />
      {open && (
        <WithdrawReview
          withdrawal={open}
          onDecided={setHeld}
          onClose={() => state.set({ open: undefined, page: state.page })}
        />
      )}
    </Card>
  );
}
