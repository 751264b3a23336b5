import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';

type Filters = { currency?: string; account?: 'available' | 'frozen' };

/**
 * A member's journal lines, newest first: every movement of their money with the balance after,
 * filtered by currency (those the member holds) and by balance bucket.
 */
export function MemberLedger({ userId, currencies }: { userId: number; currencies: string[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [filters, setFilters] = useState<Filters>({});
  const lines = useQuery({
    queryKey: ['admin/user/ledger', userId, filters, page],
    queryFn: () => call('GET /admin/user/ledger', { query: { id: userId, ...filters, ...page } }),
  });
  const filter = (next: Filters) => {
    setFilters({ ...filters, ...next });
    setPage({ ...page, page: 1 });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          allowClear
          placeholder={t('common.currency')}
          style={{ width: 140 }}
          value={filters.currency}
          onChange={(currency?: string) => filter({ currency })}
          options={currencies.map((code) => ({ value: code, label: code }))}
          data-testid="ledger-currency"
        />
        <Select
          allowClear
          placeholder={t('members.bucket')}
          style={{ width: 160 }}
          value={filters.account}
          onChange={(account?: Filters['account']) => filter({ account })}
          options={[
            { value: 'available', label: t('members.available') },
            { value: 'frozen', label: t('members.frozen') },
          ]}
          data-testid="ledger-account"
        />
      </Space>
      <Table
        rowKey="id"
        loading={lines.isFetching}
        dataSource={lines.data?.list}
        data-testid="member-ledger"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: lines.data?.total ?? 0,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={[
          { title: t('common.time'), render: (_, row) => formatTime(row.time) },
          { title: t('members.kind'), dataIndex: 'type' },
          { title: t('members.bucket'), render: (_, row) => t(`members.${row.account}`) },
          {
            title: t('common.amount'),
            align: 'right',
            render: (_, row) => (
              <Typography.Text type={row.amount.startsWith('-') ? 'danger' : 'success'}>
                {money(row.amount, row.currency)} {row.currency}
              </Typography.Text>
            ),
          },
          {
            title: t('members.balanceAfter'),
            align: 'right',
            render: (_, row) => money(row.balanceAfter, row.currency),
          },
          { title: t('members.reference'), dataIndex: 'reference' },
        ]}
      />
    </Space>
  );
}
