import { type LoginAnswer, loginBody, phoneLoginBody } from '@soar/contract';
import { Button, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTitleOf } from '../../app/routes.ts';
import { loginByMail, loginByPhone } from '../../features/member/api/auth.ts';
import { defaultAreaCode } from '../../features/member/components/area-codes.ts';
import { ContactFields, ContactTabs, type ContactType } from '../../features/member/components/contact-fields.tsx';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { completeLogin, currentRedirect } from '../../features/session/session.ts';
import { contractErrors } from '../../shared/contract-errors.ts';
import { useFormCheck } from '../../shared/form-check.ts';
import '../../features/member/components/account.css';

type Values = { mail?: string; areaCode?: string; phone?: string; password?: string };

/** Also shown at /pages/login/index, where the route guard sends guests with a redirect. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<ContactType>('email');
  const redirect = currentRedirect();
  // The page named by its title, as the member knows it, not by its address.
  const returnTitle = redirect ? routeTitleOf(redirect) : undefined;
  const byMail = (values: Values) => ({ mail: (values.mail ?? '').trim(), password: values.password ?? '' });
  const byPhone = (values: Values) => ({
    phone: (values.phone ?? '').trim(),
    areaCode: values.areaCode ?? '',
    password: values.password ?? '',
  });
  const check = useFormCheck<Values>(form, (values) =>
    type === 'email'
      ? contractErrors(loginBody, byMail(values), t)
      : contractErrors(phoneLoginBody, byPhone(values), t),
  );

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const answer: LoginAnswer | undefined = await (type === 'email'
      ? loginByMail(byMail(values))
      : loginByPhone(byPhone(values))
    ).catch(() => undefined);
    if (!answer) return;
    const { token, expiresAt: _expiresAt, ...userInfo } = answer;
    completeLogin(token, userInfo);
  };

  return (
    <section className="account-page" data-testid="login-page">
      <h1 className="page-title">{t('pages.auth.login')}</h1>
      <p className="account-lead">{t('account.login.lead')}</p>
      {returnTitle && (
        <p className="redirect-note" data-testid="login-redirect">
          {t('shell.login.redirect', { target: t(returnTitle) })}
        </p>
      )}
      <ContactTabs type={type} onChange={setType} />
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        initialValues={{ areaCode: defaultAreaCode }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="login-submit">
            {t('account.login.submit')}
          </Button>
        }
      >
        <ContactFields type={type} />
        <Form.Item name="password" label={t('fields.password')}>
          <PasswordInput placeholder={t('account.form.passwordPlaceholder')} testId="password" />
        </Form.Item>
      </Form>
      <div className="account-links">
        <Link to="/pages/auth/register" data-testid="to-register">
          {t('account.login.toRegister')}
        </Link>
        <Link to="/pages/auth/resetpwd" data-testid="to-reset">
          {t('account.login.toReset')}
        </Link>
      </div>
    </section>
  );
}
