import { call } from '@soar/client';
import { type ApiData, type PositionStatus, positionStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExactMoney, useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';

type Position = ApiData<'GET /admin/user/positions'>['list'][number];

/** A member's positions, open (floating P/L at the price a close would get) or closed (realised P/L). */
export function MemberPositions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const price = useExactMoney();
  const [status, setStatus] = useState<PositionStatus>(positionStatuses.open);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const positions = useQuery({
    queryKey: ['admin/user/positions', userId, status, page],
    queryFn: () => call('GET /admin/user/positions', { query: { id: userId, status, ...page } }),
  });
  const open = status === positionStatuses.open;
  const profit = (value: string | null, currency: string) =>
    value === null ? (
      '—'
    ) : (
      <Typography.Text type={value.startsWith('-') ? 'danger' : 'success'}>
        {money(value, currency)} {currency}
      </Typography.Text>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<PositionStatus>
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        options={[
          { value: positionStatuses.open, label: t('members.positionsOpen') },
          { value: positionStatuses.closed, label: t('members.positionsClosed') },
        ]}
        data-testid="member-positions-status"
      />
      <Table<Position>
        rowKey="id"
        loading={positions.isFetching}
        dataSource={positions.data?.list}
        data-testid="member-positions"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: positions.data?.total ?? 0,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('orders.symbol'), render: (_, row) => `${row.symbol} · ${row.name}` },
          { title: t('orders.side'), render: (_, row) => t(`orders.direction.${row.direction}`) },
          {
            title: t('orders.quantity'),
            align: 'right',
            render: (_, row) => (open ? row.quantity : row.closedQuantity),
          },
          { title: t('members.openPrice'), align: 'right', render: (_, row) => price(row.openPrice, row.currency) },
          open
            ? {
                title: t('members.markPrice'),
                align: 'right',
                render: (_, row) => (row.markPrice ? price(row.markPrice, row.currency) : '—'),
              }
            : { title: t('members.closedAt'), render: (_, row) => (row.closedAt ? formatTime(row.closedAt) : '—') },
          open
            ? {
                title: t('members.floatingPnl'),
                align: 'right',
                render: (_, row) => profit(row.floatingPnl, row.currency),
              }
            : {
                title: t('members.realisedPnl'),
                align: 'right',
                render: (_, row) => profit(row.realisedPnl, row.currency),
              },
          { title: t('members.openedAt'), render: (_, row) => formatTime(row.openedAt) },
        ]}
      />
    </Space>
  );
}
