import { call } from '@soar/client';
import { type ApiData, adjustmentStatuses } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../shared/confirm.ts';
import { useExactMoney, useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { useSession } from '../../shared/session.ts';
import { AdjustmentStatus } from '../../shared/status.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { AdjustmentForm } from './adjustment-form.tsx';

type Adjustment = ApiData<'GET /admin/adjustment/list'>['list'][number];

const filterKeys = ['status', 'uid', 'new'] as const;

/**
 * Maker-checker (docs/admin.md): one operator proposes a credit or debit, a different one
 * approves it, and only then does money move. The maker cannot approve their own.
 */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const exactMoney = useExactMoney();
  const me = useSession((state) => state.operator);
  const queryClient = useQueryClient();
  const state = useUrlState(filterKeys);
  const status = state.values.status === undefined ? undefined : Number(state.values.status);
  const uid = state.values.uid;
  const list = useQuery({
    queryKey: ['admin/adjustment/list', status, uid, state.page, state.pageSize],
    queryFn: () =>
      call('GET /admin/adjustment/list', { query: { status, uid, page: state.page, pageSize: state.pageSize } }),
  });
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve
        ? call('POST /admin/adjustment/approve', { body: { id } }, { headers: idempotencyHeaders() })
        : call('POST /admin/adjustment/reject', { body: { id } }),
    onSuccess: () => {
      toastSuccess(t('common.done'));
      void queryClient.invalidateQueries();
    },
  });
  const describe = (row: Adjustment) =>
    t('adjustments.confirmDetail', {
      direction: t(`adjustments.${row.direction}`),
      amount: exactMoney(row.amount, row.currency),
      currency: row.currency,
      uid: row.uid,
    });

  return (
    <Card
      title={t('menu.adjustments')}
      extra={
        <Space>
          {t('common.status')}
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 160 }}
            value={status}
            onChange={(value) => state.set({ status: value })}
            options={Object.values(adjustmentStatuses).map((value) => ({
              value,
              label: t(`status.adjustment.${value}`),
            }))}
            data-testid="status-filter"
          />
          <Button type="primary" onClick={() => state.set({ new: '1', page: state.page })} data-testid="adjustment-new">
            {t('adjustments.new')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('adjustments.rule')} style={{ marginBottom: 16 }} />
      {uid !== undefined && (
        <Tag closable onClose={() => state.set({ uid: undefined })} style={{ marginBottom: 12 }}>
          {t('common.member')} {uid}
        </Tag>
      )}
      <Table<Adjustment>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="adjustment-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('common.member'), render: (_, row) => <Link to={`/members/${row.uid}`}>{row.uid}</Link> },
          {
            title: t('common.amount'),
            align: 'right',
            render: (_, row) => (
              <Typography.Text type={row.direction === 'credit' ? 'success' : 'danger'}>
                {row.direction === 'credit' ? '+' : '−'}
                {money(row.amount, row.currency)} {row.currency}
              </Typography.Text>
            ),
          },
          { title: t('adjustments.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('adjustments.maker'), render: (_, row) => `${row.makerName} · ${formatTime(row.createdAt)}` },
          {
            title: t('adjustments.checker'),
            render: (_, row) => (row.checkerName ? `${row.checkerName} · ${formatTime(row.decidedAt)}` : '—'),
          },
          { title: t('common.status'), render: (_, row) => <AdjustmentStatus status={row.status} /> },
          {
            title: t('common.actions'),
            // The reason's ellipsis makes the layout fixed: a width keeps "Approve" and "Withdraw" inside.
            width: 190,
            render: (_, row) => {
              if (row.status !== adjustmentStatuses.pending) return null;
              const own = row.makerId === me?.id;
              return (
                <Space>
                  <Tooltip title={own ? t('adjustments.ownHint') : undefined}>
                    <Button
                      size="small"
                      type="primary"
                      disabled={own}
                      data-testid={`adjustment-approve-${row.id}`}
                      onClick={() =>
                        void confirmAction({
                          title: t('adjustments.confirmApprove'),
                          content: describe(row),
                          onOk: () => decide.mutateAsync({ id: row.id, approve: true }),
                        })
                      }
                    >
                      {t('adjustments.approve')}
                    </Button>
                  </Tooltip>
                  <Button
                    size="small"
                    danger
                    data-testid={`adjustment-reject-${row.id}`}
                    onClick={() =>
                      void confirmAction({
                        title: own ? t('adjustments.confirmWithdraw') : t('adjustments.confirmReject'),
                        content: describe(row),
                        onOk: () => decide.mutateAsync({ id: row.id, approve: false }),
                      })
                    }
                  >
                    {own ? t('adjustments.withdraw') : t('adjustments.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      {state.values.new && (
        <AdjustmentForm
          uid={uid}
          onClose={() => state.set({ new: undefined, page: state.page })}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: ['admin/adjustment/list'] })}
        />
      )}
    </Card>
  );
}
