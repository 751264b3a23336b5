import { call } from '@soar/client';
import { type ApiData, totpCodeField } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Steps, Typography } from 'antd';
import qrcode from 'qrcode-generator';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/feedback.ts';
import { useSession } from '../../shared/session.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import styles from './auth.module.css';

function qrDataUrl(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code.createDataURL(5, 8);
}

/**
 * Enrols an authenticator: a new secret shown as a QR code (and as text), confirmed with one
 * code. `forced`: production asks for it before anything else works.
 */
export function TotpEnrolment({ forced = false }: { forced?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<ApiData<'POST /admin/totp/enrol'>>();
  const validation = useSubmitValidation();
  const enrol = useMutation({ mutationFn: () => call('POST /admin/totp/enrol'), onSuccess: setSecret });
  const confirm = useMutation({
    mutationFn: (code: string) => call('POST /admin/totp/confirm', { body: { code } }),
    onSuccess: (operator) => {
      useSession.getState().setOperator(operator);
      void queryClient.invalidateQueries({ queryKey: ['admin/me'] });
      toastSuccess(t('totp.enabled'));
    },
  });
  const qr = useMemo(() => (secret ? qrDataUrl(secret.uri) : undefined), [secret]);

  return (
    <Card title={t('totp.title')} data-testid="totp-enrolment">
      {forced && <Alert type="warning" showIcon title={t('totp.required')} style={{ marginBottom: 16 }} />}
      <Steps
        size="small"
        current={secret ? 1 : 0}
        items={[{ title: t('totp.stepScan') }, { title: t('totp.stepConfirm') }]}
        style={{ marginBottom: 24 }}
      />
      {!secret ? (
        <Space direction="vertical">
          <Typography.Paragraph>{t('totp.intro')}</Typography.Paragraph>
          <Button type="primary" onClick={() => enrol.mutate()} loading={enrol.isPending} data-testid="totp-start">
            {t('totp.start')}
          </Button>
        </Space>
      ) : (
        <Space align="start" size="large" wrap>
          <img className={styles.qr} src={qr} alt={t('totp.qrAlt')} data-testid="totp-qr" />
          <div>
            <Typography.Paragraph>{t('totp.scan')}</Typography.Paragraph>
            <Typography.Paragraph>
              {t('totp.manual')}{' '}
              <Typography.Text copyable className={styles.secret} data-testid="totp-secret">
                {secret.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Form<{ code: string }>
              layout="inline"
              onFinish={(values) => confirm.mutate(values.code)}
              validateTrigger={validation.validateTrigger}
              onSubmitCapture={validation.onSubmitCapture}
            >
              <Form.Item name="code" rules={[zodRule(totpCodeField, t('auth.code'))]}>
                <Input
                  placeholder={t('auth.code')}
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  data-testid="totp-code"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="totp-confirm">
                {t('totp.confirm')}
              </Button>
            </Form>
          </div>
        </Space>
      )}
    </Card>
  );
}
