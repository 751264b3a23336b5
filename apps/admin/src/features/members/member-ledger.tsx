import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';

/** A member's journal lines, newest first: every movement of their money with the balance after. */
export function MemberLedger({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const lines = useQuery({
    queryKey: ['admin/user/ledger', userId, page],
    queryFn: () => call('GET /admin/user/ledger', { query: { id: userId, ...page } }),
  });
  return (
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
        { title: t('members.balanceAfter'), align: 'right', render: (_, row) => money(row.balanceAfter, row.currency) },
        { title: t('members.reference'), dataIndex: 'reference' },
      ]}
    />
  );
}
