import { call } from '@soar/client';
import type { ApiData, PayoutState } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { MemberCell } from '../../shared/member-cell.tsx';

type Payout = ApiData<'GET /admin/chain/payout/list'>['list'][number];

const payoutColours: Record<string, string> = {
  paid: 'green',
  failed: 'red',
  waiting_funds: 'orange',
  sending: 'blue',
  refunded: 'default',
};

/** Passed withdrawals sent on chain; a failed one is retried or refunded here. */
export function PayoutTable({ state }: { state?: PayoutState }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ payout: Payout; decision: 'retry' | 'refund' } | undefined>();
  const payouts = useQuery({
    queryKey: ['admin/chain/payout/list', state, page],
    queryFn: () => call('GET /admin/chain/payout/list', { query: { state, page, pageSize: 20 } }),
    refetchInterval: 15_000,
  });
  return (
    <>
      <Table<Payout>
        rowKey="id"
        size="small"
        loading={payouts.isFetching}
        dataSource={payouts.data?.list}
        data-testid={state ? `payouts-${state}` : 'payouts'}
        locale={{ emptyText: t('chain.noPayouts') }}
        pagination={{ current: page, total: payouts.data?.total, pageSize: 20, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 64 },
          { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
          {
            title: t('chain.arrival'),
            align: 'right',
            render: (_, row) =>
              `${money(row.arrivalAmount, row.arrivalCurrency ?? 'USDT')} ${row.arrivalCurrency ?? ''}`,
          },
          {
            title: t('chain.to'),
            render: (_, row) => (
              <Typography.Text code copyable={{ text: row.address }}>
                {`${row.address.slice(0, 10)}…${row.address.slice(-6)}`}
              </Typography.Text>
            ),
          },
          {
            title: t('chain.transaction'),
            render: (_, row) =>
              row.txHash ? (
                <Typography.Text code copyable={{ text: row.txHash }} data-testid="payout-hash">
                  {`${row.txHash.slice(0, 10)}…${row.txHash.slice(-6)}`}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { title: t('chain.nonce'), render: (_, row) => (row.nonce === null ? '—' : `${row.nonce} · ${row.sends}`) },
          {
            title: t('common.status'),
            render: (_, row) => (
              <Tag color={payoutColours[row.payoutState ?? '']}>{t(`chain.payout.${row.payoutState}`)}</Tag>
            ),
          },
          { title: t('chain.lastSent'), render: (_, row) => formatTime(row.lastSentAt) },
          {
            title: '',
            fixed: 'right',
            render: (_, row) =>
              row.payoutState === 'failed' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setDeciding({ payout: row, decision: 'retry' })}>
                    {t('chain.retry')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ payout: row, decision: 'refund' })}>
                    {t('chain.refund')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {deciding && (
        <PayoutDecision
          {...deciding}
          onClose={() => setDeciding(undefined)}
          onDone={() => {
            setDeciding(undefined);
            void client.invalidateQueries({ queryKey: ['admin/chain/payout/list'] });
            void client.invalidateQueries({ queryKey: ['admin/chain/status'] });
          }}
        />
      )}
    </>
  );
}

function PayoutDecision({
  payout,
  decision,
  onClose,
  onDone,
}: {
  payout: Payout;
  decision: 'retry' | 'refund';
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<{ remark: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { remark } = await form.validateFields();
    setBusy(true);
    try {
      await call(
        'POST /admin/chain/payout/decide',
        { body: { id: payout.id, decision, remark } },
        { headers: idempotencyHeaders() },
      );
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const amount = `${money(payout.arrivalAmount, payout.arrivalCurrency ?? 'USDT')} ${payout.arrivalCurrency ?? ''}`;
  return (
    <Modal
      open
      title={t(decision === 'retry' ? 'chain.confirmRetry' : 'chain.confirmRefund', { amount })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision === 'refund', loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t(`chain.failure.${payout.payoutFailure ?? 'reverted'}`)}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="remark"
          label={t('chain.reason')}
          rules={[{ required: true, whitespace: true, max: 500, message: t('chain.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
