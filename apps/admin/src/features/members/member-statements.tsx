import { call, downloadFrom } from '@soar/client';
import { roleAllows, type StatementItem, statementAdminApi } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';

/** The month before the current one, `YYYY-MM` (UTC): the newest a statement can be made for. */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** A member's monthly statements: each month's closing balances and PDF; finance regenerates one (audited). */
export function MemberStatements({ userId, role }: { userId: number; role: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 12 });
  const [month, setMonth] = useState(lastMonth);
  const key = ['admin/statement/list', userId, page] as const;
  const statements = useQuery({
    queryKey: key,
    queryFn: () => call('GET /admin/statement/list', { query: { userId, ...page } }),
  });
  const open = async (row: StatementItem) => {
    const file = await downloadFrom('GET /admin/statement/download', { query: { id: row.id } });
    window.open(URL.createObjectURL(file), '_blank', 'noopener');
  };
  const regenerate = () =>
    confirmAction({
      title: t('statements.confirm', { month }),
      onOk: async () => {
        await call('POST /admin/statement/regenerate', { body: { userId, month } });
        toastSuccess(t('statements.regenerated', { month }));
        await client.invalidateQueries({ queryKey: ['admin/statement/list', userId] });
      },
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {roleAllows(statementAdminApi.regenerate, role) && (
        <Space>
          <Input
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            placeholder="2026-10"
            aria-label={t('statements.month')}
            style={{ width: 120 }}
            data-testid="statement-month"
          />
          <Button onClick={() => void regenerate()} data-testid="statement-regenerate">
            {t('statements.regenerate')}
          </Button>
        </Space>
      )}
      <Table<StatementItem>
        rowKey="id"
        loading={statements.isFetching}
        dataSource={statements.data?.list}
        data-testid="member-statements"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: statements.data?.total ?? 0,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={[
          { title: t('statements.month'), dataIndex: 'month', width: 100 },
          {
            title: t('statements.closing'),
            render: (_, row) =>
              row.balances
                .map((balance) => `${money(balance.closing, balance.currency)} ${balance.currency}`)
                .join(' · '),
          },
          { title: t('statements.made'), render: (_, row) => formatTime(row.createdAt), width: 170 },
          {
            title: t('statements.regeneratedAt'),
            render: (_, row) => (row.regeneratedAt ? formatTime(row.regeneratedAt) : '—'),
            width: 170,
          },
          {
            title: '',
            width: 90,
            render: (_, row) => (
              <Button size="small" onClick={() => void open(row)}>
                PDF
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
