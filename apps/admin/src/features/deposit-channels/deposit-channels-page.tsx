import { call } from '@soar/client';
import { type ApiData, cryptoNetworks, depositChannelBody } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../shared/confirm-button.tsx';
import { toastSuccess } from '../../shared/feedback.ts';
import { useFormSave } from '../../shared/form-save.ts';
import { EnabledTag } from '../../shared/status.tsx';
import { zodRule } from '../../shared/validation.ts';

type Channel = ApiData<'GET /admin/deposit-channel/list'>[number];
type Values = Omit<Channel, 'id' | 'qr'>;

/** Where members send deposits: bank accounts and USDT addresses, ordered, enabled or not. */
export default function DepositChannelsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Channel | 'new'>();
  const list = useQuery({
    queryKey: ['admin/deposit-channel/list'],
    queryFn: () => call('GET /admin/deposit-channel/list'),
  });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/deposit-channel/list'] });
  };
  const remove = useMutation({
    mutationFn: (id: number) => call('POST /admin/deposit-channel/delete', { body: { id } }),
    onSuccess: done,
  });

  return (
    <Card
      title={t('menu.depositChannels')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="channel-new">
          {t('common.add')}
        </Button>
      }
    >
      <Table<Channel>
        rowKey="id"
        data-testid="channel-table"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: t('channels.sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('deposits.type'),
            render: (_, row) => <Tag>{row.type === 'bank' ? t('deposits.bank') : 'Crypto'}</Tag>,
          },
          { title: t('common.currency'), dataIndex: 'currency' },
          {
            title: t('channels.where'),
            render: (_, row) =>
              row.type === 'bank'
                ? `${row.bankName ?? ''} · ${row.accountName ?? ''} · ${row.accountNumber ?? ''}`
                : `${row.network ?? ''} · ${row.address ?? ''}`,
          },
          {
            title: t('channels.enabled'),
            render: (_, row) => <EnabledTag enabled={row.enabled} />,
          },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('common.edit')}
                </Button>
                <ConfirmButton title={t('channels.confirmDelete')} onConfirm={() => remove.mutateAsync(row.id)}>
                  {t('common.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ChannelForm
          channel={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={done}
        />
      )}
    </Card>
  );
}

function ChannelForm({ channel, onClose, onSaved }: { channel?: Channel; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'bank';
  const editor = useFormSave(
    form,
    (values: Values) =>
      channel
        ? call('POST /admin/deposit-channel/update', { body: { id: channel.id, ...values } })
        : call('POST /admin/deposit-channel/create', { body: values }),
    () => {
      onSaved();
      onClose();
    },
  );
  const shape = depositChannelBody.shape;
  // The server refuses a bank channel without its bank and account, a crypto one without its address.
  const text = (name: keyof Values & keyof typeof shape, label: string, required = false) => (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={[
        ...(required
          ? [{ required: true, whitespace: true, message: t('validation.required', { field: label }) }]
          : []),
        zodRule(shape[name], label),
      ]}
    >
      <Input />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={channel ? t('common.edit') : t('common.add')}
      onCancel={onClose}
      onOk={() => void editor.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger={editor.validateTrigger}
        initialValues={channel ?? { type: 'bank', currency: 'USD', sort: 0, enabled: true }}
      >
        <Form.Item name="type" label={t('deposits.type')}>
          <Select
            options={[
              { value: 'bank', label: t('deposits.bank') },
              { value: 'crypto', label: 'Crypto' },
            ]}
          />
        </Form.Item>
        {text('currency', t('common.currency'))}
        {type === 'bank' ? (
          <>
            {text('bankName', t('deposits.bankName'), true)}
            {text('accountName', t('channels.accountName'))}
            {text('accountNumber', t('deposits.account'), true)}
            {text('branch', t('deposits.bankBranch'))}
            {text('swift', t('deposits.bankCode'))}
          </>
        ) : (
          <>
            <Form.Item
              name="network"
              label={t('withdrawals.network')}
              rules={[{ required: true, message: t('validation.required', { field: t('withdrawals.network') }) }]}
            >
              <Select options={cryptoNetworks.map((value) => ({ value, label: value }))} />
            </Form.Item>
            {text('address', t('withdrawals.address'), true)}
          </>
        )}
        <Space size="large">
          <Form.Item name="sort" label={t('channels.sort')} rules={[zodRule(shape.sort, t('channels.sort'))]}>
            <InputNumber data-testid="channel-sort" />
          </Form.Item>
          <Form.Item name="enabled" label={t('channels.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
