import { call } from '@soar/client';
import { type ApiData, type ChainTransferState, chainTransferReviewBody } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { zodRule } from '../../shared/validation.ts';

type Transfer = ApiData<'GET /admin/chain/transfer/list'>['list'][number];
type Decision = { transfer: Transfer; decision: 'credit' | 'dismiss' };

const stateColours: Record<string, string> = {
  confirming: 'blue',
  credited: 'green',
  held: 'orange',
  dropped: 'red',
  dismissed: 'default',
};

/** Hashes and addresses are long: the start and end, the whole on hover and copy. */
function Short({ value }: { value: string }) {
  return (
    <Typography.Text code copyable={{ text: value }} title={value}>
      {value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value}
    </Typography.Text>
  );
}

/** Transfers the watcher recorded, newest first; held ones are credited or dismissed here. */
export function TransferTable({ state }: { state?: ChainTransferState }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Decision | undefined>();
  const transfers = useQuery({
    queryKey: ['admin/chain/transfer/list', state, page],
    queryFn: () => call('GET /admin/chain/transfer/list', { query: { state, page, pageSize: 20 } }),
    refetchInterval: 15_000,
  });
  return (
    <>
      <Table<Transfer>
        rowKey="id"
        size="small"
        loading={transfers.isFetching}
        dataSource={transfers.data?.list}
        data-testid={state ? `transfers-${state}` : 'transfers'}
        locale={{ emptyText: t('chain.noTransfers') }}
        pagination={{ current: page, total: transfers.data?.total, pageSize: 20, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 64 },
          { title: t('chain.network'), dataIndex: 'network' },
          {
            title: t('common.amount'),
            align: 'right',
            render: (_, row) =>
              row.amount === null ? (
                <Typography.Text type="secondary">{t('chain.otherToken', { value: row.value })}</Typography.Text>
              ) : (
                `${money(row.amount, 'USDT')} USDT`
              ),
          },
          { title: t('chain.to'), render: (_, row) => <Short value={row.to} /> },
          { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
          { title: t('chain.transaction'), render: (_, row) => <Short value={row.txHash} /> },
          { title: t('chain.block'), render: (_, row) => `${row.blockNumber} · ${row.confirmations}` },
          {
            title: t('common.status'),
            render: (_, row) => (
              <Space size={4}>
                <Tag color={stateColours[row.state]}>{t(`chain.state.${row.state}`)}</Tag>
                {row.holdReason && <Tag>{t(`chain.hold.${row.holdReason}`)}</Tag>}
              </Space>
            ),
          },
          { title: t('chain.seenAt'), render: (_, row) => formatTime(row.seenAt) },
          ...(state === 'held'
            ? [
                {
                  title: '',
                  fixed: 'right' as const,
                  render: (_: unknown, row: Transfer) => (
                    <Space>
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => setDeciding({ transfer: row, decision: 'credit' })}
                        data-testid="transfer-credit"
                      >
                        {t('chain.credit')}
                      </Button>
                      <Button size="small" danger onClick={() => setDeciding({ transfer: row, decision: 'dismiss' })}>
                        {t('chain.dismiss')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {deciding && (
        <TransferDecision
          deciding={deciding}
          onClose={() => setDeciding(undefined)}
          onDone={() => {
            setDeciding(undefined);
            void client.invalidateQueries({ queryKey: ['admin/chain/transfer/list'] });
            void client.invalidateQueries({ queryKey: ['admin/chain/status'] });
          }}
        />
      )}
    </>
  );
}

/** Credit or dismiss with a reason; an address of no member needs the member to credit. */
function TransferDecision({
  deciding,
  onClose,
  onDone,
}: {
  deciding: Decision;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<{ remark: string; uid?: string }>();
  const [busy, setBusy] = useState(false);
  const { transfer, decision } = deciding;
  const needsMember = decision === 'credit' && transfer.userId === null;
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await call(
        'POST /admin/chain/transfer/review',
        {
          body: { id: transfer.id, decision, remark: values.remark, ...(needsMember ? { uid: values.uid } : {}) },
        },
        { headers: idempotencyHeaders() },
      );
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(decision === 'credit' ? 'chain.confirmCredit' : 'chain.confirmDismiss', {
        amount: `${money(transfer.amount ?? '0', 'USDT')} USDT`,
      })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision === 'dismiss', loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical">
        {needsMember && (
          <Form.Item
            name="uid"
            label={t('chain.creditMember')}
            rules={[
              { required: true, message: t('chain.memberRequired') },
              zodRule(chainTransferReviewBody.shape.uid, t('chain.creditMember')),
            ]}
          >
            <Input inputMode="numeric" maxLength={8} placeholder="10000001" data-testid="chain-credit-uid" />
          </Form.Item>
        )}
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
