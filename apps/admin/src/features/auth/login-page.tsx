import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { call, RequestError } from '@soar/client';
import { operatorLoginBody, totpCodeField } from '@soar/contract';
import { Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { type AdminLanguage, useLanguage } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import styles from './auth.module.css';

type Values = { username: string; password: string; code?: string };

/** Only same-app paths: a crafted redirect never leaves the back office. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Username and password; the TOTP code field appears once the server asks for it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const language = useLanguage((state) => state.language);
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const validation = useSubmitValidation();
  const [form] = Form.useForm<Values>();
  const redirect = safeRedirect(params.get('redirect'));
  if (token) return <Navigate to={redirect} replace />;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const answer = await call(
        'POST /admin/login',
        { body: { username: values.username, password: values.password, ...(needsCode ? { code: values.code } : {}) } },
        { toast: false },
      );
      const { token: newToken, expiresAt: _expiresAt, ...operator } = answer;
      useSession.getState().login(newToken, operator);
      navigate(redirect, { replace: true });
    } catch (error) {
      if (error instanceof RequestError && error.code === 'TOTP_REQUIRED') {
        setNeedsCode(true);
        return;
      }
      const message = error instanceof RequestError ? error.messages.join(' ') : '';
      form.setFields([{ name: needsCode ? 'code' : 'password', errors: [message || t('common.loadFailed')] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <span className={styles.logo}>S</span>
          <Typography.Title level={3} className={styles.title}>
            {t('auth.title')}
          </Typography.Title>
          <Segmented<AdminLanguage>
            size="small"
            value={language}
            options={[
              { label: 'EN', value: 'en' },
              { label: '中文', value: 'zh-CN' },
            ]}
            onChange={(value) => useLanguage.getState().setLanguage(value)}
          />
        </div>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          validateTrigger={validation.validateTrigger}
          onSubmitCapture={validation.onSubmitCapture}
          requiredMark={false}
        >
          <Form.Item
            name="username"
            label={t('auth.username')}
            rules={[zodRule(operatorLoginBody.shape.username, t('auth.username'))]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[zodRule(operatorLoginBody.shape.password, t('auth.password'))]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {needsCode && (
            <Form.Item
              name="code"
              label={t('auth.code')}
              extra={t('auth.codeHint')}
              rules={[zodRule(totpCodeField, t('auth.code'))]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                data-testid="login-code"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('auth.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
