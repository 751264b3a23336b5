import { call } from '@soar/client';
import { operatorPasswordChangeBody, operatorPasswordField } from '@soar/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, Result, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useSession } from '../../shared/session.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

type PasswordValues = { oldPassword: string; password: string; confirmPassword: string };

/** My account: who I am, my password, my second factor. */
export default function AccountPage() {
  const { t } = useTranslation();
  const operator = useSession((state) => state.operator);
  const [form] = Form.useForm<PasswordValues>();
  const validation = useSubmitValidation();
  const change = useMutation({
    mutationFn: (body: PasswordValues) => call('POST /admin/password/change', { body }),
    onSuccess: () => {
      form.resetFields();
      validation.reset();
      toastSuccess(t('account.passwordChanged'));
    },
  });
  if (!operator) return null;
  const shape = operatorPasswordChangeBody.shape;

  return (
    <Row gutter={[24, 24]}>
      <Col span={24}>
        <Card title={t('account.title')}>
          <Descriptions column={3}>
            <Descriptions.Item label={t('auth.username')}>{operator.username}</Descriptions.Item>
            <Descriptions.Item label={t('operators.role')}>{t(`roles.${operator.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('totp.title')}>
              {operator.totpEnabled ? <Tag color="green">{t('totp.on')}</Tag> : <Tag>{t('totp.off')}</Tag>}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('account.changePassword')}>
          <Form<PasswordValues>
            form={form}
            layout="vertical"
            validateTrigger={validation.validateTrigger}
            onSubmitCapture={validation.onSubmitCapture}
            onFinish={(values) =>
              void confirmAction({ title: t('account.changePasswordConfirm'), onOk: () => change.mutateAsync(values) })
            }
          >
            <Form.Item
              name="oldPassword"
              label={t('account.oldPassword')}
              rules={[zodRule(shape.oldPassword, t('account.oldPassword'))]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('account.newPassword')}
              rules={[zodRule(operatorPasswordField, t('account.newPassword'))]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('account.confirmPassword')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value) => {
                    if (value !== getFieldValue('password')) throw new Error(t('validation.passwordMismatch'));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        {operator.totpEnabled ? (
          <Card title={t('totp.title')}>
            <Result status="success" title={t('totp.on')} subTitle={t('totp.onHint')} />
          </Card>
        ) : (
          <TotpEnrolment />
        )}
      </Col>
    </Row>
  );
}
