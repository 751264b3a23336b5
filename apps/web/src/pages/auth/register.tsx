import { codeSendBody, registerBody } from '@soar/contract';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { register } from '../../features/member/api/auth.ts';
import { sendCode } from '../../features/member/api/code.ts';
import { CodeField, NewPasswordFields } from '../../features/member/components/account-fields.tsx';
import { defaultAreaCode } from '../../features/member/components/area-codes.ts';
import { type ContactValues, contactOf } from '../../features/member/components/contact.ts';
import { ContactFields, ContactTabs, type ContactType } from '../../features/member/components/contact-fields.tsx';
import { completeLogin } from '../../features/session/session.ts';
import { contractErrors } from '../../shared/contract-errors.ts';
import { mismatchEarly, useFormCheck } from '../../shared/form-check.ts';
import type { PageProps } from '../../shared/page.ts';
import '../../features/member/components/account.css';

type Values = ContactValues & {
  code?: string;
  password?: string;
  confirmPassword?: string;
  inviteCode?: string;
  agree?: boolean;
};

/** Sign up by mail or phone with a verification code; the answer signs the member in. */
export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<ContactType>('email');
  const bodyOf = (values: Values) => {
    const inviteCode = values.inviteCode?.trim();
    return {
      ...contactOf(type, values),
      code: (values.code ?? '').trim(),
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
      ...(inviteCode ? { inviteCode } : {}),
      agree: values.agree === true,
    };
  };
  const check = useFormCheck<Values>(form, (values) => contractErrors(registerBody, bodyOf(values), t), mismatchEarly);

  const send = async () => {
    const destination = contactOf(type, form.getFieldsValue());
    if (!check.shows(contractErrors(codeSendBody, { ...destination, scene: 'register' }, t))) return false;
    return sendCode(destination, 'register').then(
      () => true,
      () => false,
    );
  };

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const body = bodyOf(values);
    const answer = await register({ ...body, agree: true }).catch(() => undefined);
    if (!answer) return;
    const { token, expiresAt: _expiresAt, ...userInfo } = answer;
    completeLogin(token, userInfo);
  };

  return (
    <section className="account-page" data-testid="register-page">
      <h1 className="page-title">{t('pages.auth.register')}</h1>
      <p className="account-lead">{t('account.register.lead')}</p>
      <ContactTabs type={type} onChange={setType} />
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        initialValues={{ areaCode: defaultAreaCode, inviteCode: query.invite ?? '', agree: false }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="register-submit">
            {t('account.register.submit')}
          </Button>
        }
      >
        <ContactFields type={type} />
        <CodeField onSend={send} />
        <NewPasswordFields label={t('fields.password')} />
        <Form.Item name="inviteCode" label={t('account.register.inviteOptional')}>
          <Input maxLength={32} placeholder={t('account.register.invitePlaceholder')} data-testid="invite-code" />
        </Form.Item>
        <Form.Item name="agree" valuePropName="checked">
          <Checkbox data-testid="agree" className="agree">
            {t('account.register.agree')}
          </Checkbox>
        </Form.Item>
        {/* The documents the box accepts, in the web view (docs/identity.md, Documents). */}
        <p className="account-lead register-documents" data-testid="register-documents">
          <Link to="/pages/webview/index?name=terms" data-testid="register-terms">
            {t('account.register.termsLink')}
          </Link>
          {' · '}
          <Link to="/pages/webview/index?name=privacy" data-testid="register-privacy">
            {t('account.register.privacyLink')}
          </Link>
        </p>
      </Form>
      <div className="account-links">
        <Link to="/pages/auth/login" data-testid="to-login">
          {t('account.register.toLogin')}
        </Link>
      </div>
    </section>
  );
}
