import { codeSendBody, resetPasswordBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../features/member/api/auth.ts';
import { sendCode } from '../../features/member/api/code.ts';
import { defaultAreaCode } from '../../features/member/components/area-codes.ts';
import { CodeButton } from '../../features/member/components/code-button.tsx';
import { type ContactValues, contactOf } from '../../features/member/components/contact.ts';
import { ContactFields, ContactTabs, type ContactType } from '../../features/member/components/contact-fields.tsx';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { validateWith } from '../../features/member/components/validate.ts';
import { toast } from '../../shared/feedback.ts';
import { loginPath, navigate } from '../../shared/navigation.ts';
import '../../features/member/components/account.css';

type Values = ContactValues & { code?: string; password?: string; confirmPassword?: string };

/** A forgotten password: a code to the mail or phone, then a new password; every session ends. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<ContactType>('email');

  const send = async () => {
    const destination = contactOf(type, form.getFieldsValue());
    if (!validateWith(codeSendBody, { ...destination, scene: 'resetpwd' }, form, t)) return false;
    return sendCode(destination, 'resetpwd').then(
      () => true,
      () => false,
    );
  };

  const submit = async (values: Values) => {
    const body = {
      ...contactOf(type, values),
      code: (values.code ?? '').trim(),
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
    };
    if (!validateWith(resetPasswordBody, body, form, t)) return;
    const done = await resetPassword(body).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toast(t('account.reset.done'));
    navigate(loginPath, { replace: true });
  };

  return (
    <section className="account-page" data-testid="reset-page">
      <h1 className="page-title">{t('pages.auth.resetpwd')}</h1>
      <p className="account-lead">{t('account.reset.lead')}</p>
      <ContactTabs type={type} onChange={setType} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ areaCode: defaultAreaCode }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="reset-submit">
            {t('account.reset.submit')}
          </Button>
        }
      >
        <ContactFields type={type} />
        <Form.Item name="code" label={t('fields.code')} extra={<CodeButton onSend={send} />}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('account.form.codePlaceholder')}
            data-testid="code"
          />
        </Form.Item>
        <Form.Item name="password" label={t('account.form.newPassword')}>
          <PasswordInput
            placeholder={t('account.form.passwordPlaceholder')}
            testId="password"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('fields.confirmPassword')}>
          <PasswordInput
            placeholder={t('account.form.confirmPlaceholder')}
            testId="confirm-password"
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </section>
  );
}
