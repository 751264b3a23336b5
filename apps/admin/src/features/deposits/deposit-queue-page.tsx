import { call } from '@soar/client';
import { type ApiData, depositStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { DepositStatus } from '../../shared/status.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { DepositReview } from './deposit-review.tsx';

export type AdminDeposit = ApiData<'GET /admin/deposit/list'>['list'][number];

const filterKeys = ['status', 'open'] as const;

/** The deposit queue: one table bound to one query, filters and page in the URL, review in a drawer. */
export default function DepositQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const state = useUrlState(filterKeys);
  const status = state.values.status === undefined ? undefined : Number(state.values.status);
  const list = useQuery({
    queryKey: ['admin/deposit/list', status, state.page, state.pageSize],
    queryFn: () => call('GET /admin/deposit/list', { query: { status, page: state.page, pageSize: state.pageSize } }),
  });
  const openId = state.values.open === undefined ? undefined : Number(state.values.open);
  // The record as last opened or decided here: after a decision it may leave the filtered list.
  const [held, setHeld] = useState<AdminDeposit>();
  const open = (held?.id === openId ? held : undefined) ?? list.data?.list.find((item) => item.id === openId);

  return (
    <Card
      title={t('menu.deposits')}
      extra={
        <Space>
          {t('common.status')}
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 160 }}
            value={status}
            onChange={(value) => state.set({ status: value })}
            options={Object.values(depositStatuses).map((value) => ({ value, label: t(`status.deposit.${value}`) }))}
            data-testid="status-filter"
          />
        </Space>
      }
    >
      <Table<AdminDeposit>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        data-testid="deposit-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('common.member'), dataIndex: 'userId', width: 100 },
          {
            title: t('deposits.type'),
            render: (_, row) => <Tag>{row.type === 'bank' ? t('deposits.bank') : `USDT ${row.network ?? ''}`}</Tag>,
          },
          {
            title: t('common.amount'),
            align: 'right',
            render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
          },
          {
            title: t('deposits.credited'),
            align: 'right',
            render: (_, row) =>
              row.auditAmount === null
                ? '—'
                : `${money(row.convertedAmount, row.creditCurrency)} ${row.creditCurrency}`,
          },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
          { title: t('common.status'), render: (_, row) => <DepositStatus status={row.status} /> },
        ]}
      />
      {open && (
        <DepositReview
          deposit={open}
          onDecided={setHeld}
          onClose={() => state.set({ open: undefined, page: state.page })}
        />
      )}
    </Card>
  );
}
