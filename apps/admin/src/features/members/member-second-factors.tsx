import { call } from '@soar/client';
import { type ApiData, totpResetBody } from '@soar/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type MemberDetail = ApiData<'GET /admin/user/detail'>;

/**
 * A member's second factors (docs/admin.md, Members): two-step sign-in on or off, since when and
 * last used, recovery codes left, and how many passkeys with their last use; support resets
 * two-step sign-in after an identity check, which the reason records (audited; the member's
 * withdrawals then wait for the hold).
 */
export function MemberSecondFactors({
  member,
  canReset,
  onChanged,
}: {
  member: MemberDetail;
  canReset: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const factors = member.secondFactors;
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const validation = useSubmitValidation();
  const reset = useMutation({
    mutationFn: (reason: string) => call('POST /admin/user/totp/reset', { body: { id: member.id, reason } }),
    onSuccess: () => {
      toastSuccess(t('members.totpResetDone'));
      setAsking(false);
      validation.reset();
      onChanged();
    },
  });
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (values) reset.mutate(values.reason.trim());
  };

  return (
    <Space direction="vertical" size={2} data-testid="second-factors">
      <Space>
        <Typography.Text data-testid="totp-state">
          {factors.totp && factors.totpEnabledAt
            ? t('members.totpOnSince', { time: formatTime(factors.totpEnabledAt) })
            : t('members.totpOff')}
        </Typography.Text>
        {factors.totp && canReset && (
          <Button size="small" danger onClick={() => setAsking(true)} data-testid="totp-reset">
            {t('members.totpReset')}
          </Button>
        )}
      </Space>
      {factors.totp && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {factors.totpLastUsedAt
            ? t('members.totpLastUsed', { time: formatTime(factors.totpLastUsedAt) })
            : t('members.totpNeverUsed')}
          {' · '}
          {t('members.recoveryCodesLeft', { count: factors.recoveryCodesLeft })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="passkeys-state">
        {t('members.passkeys', { count: factors.passkeys })}
        {factors.passkeys > 0 && (
          <>
            {' · '}
            {factors.passkeyLastUsedAt
              ? t('members.passkeyLastUsed', { time: formatTime(factors.passkeyLastUsedAt) })
              : t('members.passkeyNeverUsed')}
          </>
        )}
      </Typography.Text>
      <Modal
        open={asking}
        title={t('members.totpResetTitle', { uid: member.uid })}
        okText={t('members.totpReset')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'totp-reset-confirm' } }}
        confirmLoading={reset.isPending}
        onOk={() => void submit()}
        onCancel={() => setAsking(false)}
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
            label={t('members.totpResetReason')}
            extra={t('members.totpResetHint')}
            rules={[zodRule(totpResetBody.shape.reason, t('members.totpResetReason'))]}
          >
            <Input.TextArea maxLength={500} rows={3} autoFocus data-testid="totp-reset-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
