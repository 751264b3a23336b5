import { call } from '@soar/client';
import { type ApiData, operatorCreateBody, operatorPasswordField, operatorRoles } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type Operator = ApiData<'GET /admin/operator/list'>[number];
type Dialog = { kind: 'create' } | { kind: 'password'; operator: Operator };

/** Operators and their roles, managed by admin: create, change role, disable, reset password or TOTP. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSession((state) => state.operator);
  const [dialog, setDialog] = useState<Dialog>();
  const list = useQuery({ queryKey: ['admin/operator/list'], queryFn: () => call('GET /admin/operator/list') });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/operator/list'] });
  };
  const update = useMutation({
    mutationFn: (body: { id: number; role?: Operator['role']; disabled?: boolean }) =>
      call('POST /admin/operator/update', { body }),
    onSuccess: done,
  });
  const resetTotp = useMutation({
    mutationFn: (id: number) => call('POST /admin/operator/totp/reset', { body: { id } }),
    onSuccess: done,
  });

  return (
    <Card
      title={t('menu.operators')}
      extra={
        <Button type="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="operator-new">
          {t('operators.new')}
        </Button>
      }
    >
      <Table<Operator>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        data-testid="operator-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('auth.username'), dataIndex: 'username' },
          {
            title: t('operators.role'),
            render: (_, row) => (
              <Select
                value={row.role}
                disabled={row.id === me?.id}
                style={{ width: 150 }}
                options={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                onChange={(role) =>
                  void confirmAction({
                    title: t('operators.confirmRole', { name: row.username, role: t(`roles.${role}`) }),
                    onOk: () => update.mutateAsync({ id: row.id, role }),
                  })
                }
              />
            ),
          },
          {
            title: t('totp.title'),
            render: (_, row) =>
              row.totpEnabled ? <Tag color="green">{t('totp.on')}</Tag> : <Tag>{t('totp.off')}</Tag>,
          },
          {
            title: t('members.state'),
            render: (_, row) =>
              row.disabled ? (
                <Tag color="red">{t('operators.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('members.active')}</Tag>
              ),
          },
          { title: t('operators.lastLogin'), render: (_, row) => formatTime(row.lastLoginAt) },
          {
            title: t('common.actions'),
            render: (_, row) =>
              row.id === me?.id ? (
                <Tag>{t('operators.you')}</Tag>
              ) : (
                <Space wrap>
                  <Button
                    size="small"
                    danger={!row.disabled}
                    onClick={() =>
                      void confirmAction({
                        title: t(row.disabled ? 'operators.confirmEnable' : 'operators.confirmDisable', {
                          name: row.username,
                        }),
                        onOk: () => update.mutateAsync({ id: row.id, disabled: !row.disabled }),
                      })
                    }
                  >
                    {row.disabled ? t('operators.enable') : t('operators.disable')}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'password', operator: row })}>
                    {t('operators.resetPassword')}
                  </Button>
                  {row.totpEnabled && (
                    <Button
                      size="small"
                      onClick={() =>
                        void confirmAction({
                          title: t('operators.confirmTotpReset', { name: row.username }),
                          onOk: () => resetTotp.mutateAsync(row.id),
                        })
                      }
                    >
                      {t('operators.resetTotp')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {dialog?.kind === 'create' && <CreateOperator onClose={() => setDialog(undefined)} onSaved={done} />}
      {dialog?.kind === 'password' && (
        <ResetPassword operator={dialog.operator} onClose={() => setDialog(undefined)} onSaved={done} />
      )}
    </Card>
  );
}

type CreateValues = { username: string; role: Operator['role']; password: string };

function CreateOperator({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const validation = useSubmitValidation();
  const create = useMutation({
    mutationFn: (body: CreateValues) => call('POST /admin/operator/create', { body }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const shape = operatorCreateBody.shape;
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (values) {
      void confirmAction({
        title: t('operators.confirmCreate', { name: values.username, role: t(`roles.${values.role}`) }),
        onOk: () => create.mutateAsync(values),
      });
    }
  };
  return (
    <Modal open title={t('operators.new')} onCancel={onClose} onOk={() => void submit()} destroyOnHidden>
      <Form<CreateValues>
        form={form}
        layout="vertical"
        validateTrigger={validation.validateTrigger}
        initialValues={{ role: 'support' }}
      >
        <Form.Item name="username" label={t('auth.username')} rules={[zodRule(shape.username, t('auth.username'))]}>
          <Input autoComplete="off" data-testid="operator-username" />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')} extra={t('operators.roleHint')}>
          <Select options={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[zodRule(shape.password, t('auth.password'))]}>
          <Input.Password autoComplete="new-password" data-testid="operator-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPassword({
  operator,
  onClose,
  onSaved,
}: {
  operator: Operator;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const validation = useSubmitValidation();
  const reset = useMutation({
    mutationFn: (password: string) =>
      call('POST /admin/operator/password/reset', { body: { id: operator.id, password } }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (values) {
      void confirmAction({
        title: t('operators.confirmPassword', { name: operator.username }),
        onOk: () => reset.mutateAsync(values.password),
      });
    }
  };
  return (
    <Modal
      open
      title={`${t('operators.resetPassword')} · ${operator.username}`}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger={validation.validateTrigger}>
        <Form.Item
          name="password"
          label={t('account.newPassword')}
          rules={[zodRule(operatorPasswordField, t('account.newPassword'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
