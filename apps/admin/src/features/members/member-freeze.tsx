import { call } from '@soar/client';
import { type ApiData, freezeBody } from '@soar/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type MemberDetail = ApiData<'GET /admin/user/detail'>;
type Kind = 'login' | 'withdraw';

/**
 * One freeze of a member (login or withdrawals): the switch asks for the reason before it calls,
 * and below it the latest freeze or unfreeze of this kind says who, when and why (docs/admin.md).
 */
export function MemberFreeze({
  member,
  kind,
  canEdit,
  onChanged,
}: {
  member: MemberDetail;
  kind: Kind;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const frozen = kind === 'login' ? member.loginFrozen : member.withdrawFrozen;
  const last = member.freezes[kind];
  const [asking, setAsking] = useState<boolean | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const validation = useSubmitValidation();
  const change = useMutation({
    mutationFn: (body: { value: boolean; reason: string }) =>
      call('POST /admin/user/freeze', { body: { id: member.id, [kind]: body.value, reason: body.reason } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      setAsking(null);
      form.resetFields();
      validation.reset();
      onChanged();
    },
  });
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (values && asking !== null) change.mutate({ value: asking, reason: values.reason.trim() });
  };

  return (
    <Space direction="vertical" size={2}>
      <Switch
        checked={frozen}
        disabled={!canEdit}
        onChange={(value) => setAsking(value)}
        data-testid={`freeze-${kind}`}
      />
      {last && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`freeze-${kind}-last`}>
          {t(last.frozen ? 'members.lastFrozen' : 'members.lastUnfrozen', {
            operator: last.operatorName,
            time: formatTime(last.time),
          })}
          <br />
          <Typography.Text style={{ fontSize: 12 }}>{last.reason ?? t('members.noReason')}</Typography.Text>
        </Typography.Text>
      )}
      <Modal
        open={asking !== null}
        title={t(`members.confirm.${kind}.${asking ? 'freeze' : 'unfreeze'}`, { uid: member.uid })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: asking === true, ...{ 'data-testid': 'freeze-confirm' } }}
        confirmLoading={change.isPending}
        onOk={() => void submit()}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          validateTrigger={validation.validateTrigger}
          onSubmitCapture={validation.onSubmitCapture}
        >
          <Form.Item
            name="reason"
            label={t('members.freezeReason')}
            extra={t('members.freezeReasonHint')}
            rules={[zodRule(freezeBody.shape.reason, t('members.freezeReason'))]}
          >
            <Input.TextArea maxLength={500} rows={3} autoFocus data-testid="freeze-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
