import { RequestError } from '@soar/client';
import { type LoginAnswer, type LoginChallenge, loginBody, phoneLoginBody, secondFactorBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTitleOf } from '../../app/routes.ts';
import { loginByMail, loginByPhone } from '../../features/member/api/auth.ts';
import {
  passkeySecondStep,
  passkeySecondStepOptions,
  passkeySignInOptions,
  signInWithPasskey,
} from '../../features/member/api/passkeys.ts';
import { loginSecondFactor } from '../../features/member/api/two-step.ts';
import { defaultAreaCode } from '../../features/member/components/area-codes.ts';
import { ContactFields, ContactTabs, type ContactType } from '../../features/member/components/contact-fields.tsx';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { signWithPasskey } from '../../features/member/passkey/webauthn.ts';
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

  const [challenge, setChallenge] = useState<LoginChallenge>();

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const answer = await (type === 'email' ? loginByMail(byMail(values)) : loginByPhone(byPhone(values))).catch(
      () => undefined,
    );
    if (!answer) return;
    // Two-step sign-in: the password was right, a code from the authenticator app opens the session.
    if ('challenge' in answer) setChallenge(answer);
    else signIn(answer);
  };

  if (challenge) {
    return (
      <SecondStep
        challenge={challenge.challenge}
        onBack={() => {
          form.setFieldValue('password', '');
          setChallenge(undefined);
        }}
      />
    );
  }

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
      <div className="account-alternative">
        <Button block fill="outline" color="primary" size="large" onClick={passkeySignIn} data-testid="passkey-sign-in">
          {t('account.passkeys.signIn')}
        </Button>
      </div>
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

/** A sign-in with a passkey the device holds for Soar: no name or password typed (docs/identity.md, Passkeys). */
async function passkeySignIn() {
  const answer = await passkeySignInOptions().catch(() => undefined);
  if (!answer) return;
  const response = await signWithPasskey(answer.options);
  if (!response) return;
  const login = await signInWithPasskey({ response }).catch(() => undefined);
  if (login) signIn(login);
}

function signIn(answer: LoginAnswer) {
  const { token, expiresAt: _expiresAt, ...userInfo } = answer;
  completeLogin(token, userInfo);
}

/** The second step of a sign-in with two-step sign-in on: an authenticator or recovery code. */
function SecondStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string }>();
  const bodyOf = (values: { code?: string }) => ({ challenge, code: (values.code ?? '').trim() });
  const check = useFormCheck<{ code?: string }>(form, (values) => contractErrors(secondFactorBody, bodyOf(values), t));
  const expired = (error: unknown) => {
    // Expired or already used: the password step again (the error was shown).
    if (error instanceof RequestError && error.code === 'LOGIN_CHALLENGE_EXPIRED') onBack();
    return undefined;
  };

  const submit = async (values: { code?: string }) => {
    if (!check.passes(values)) return;
    const answer = await loginSecondFactor(bodyOf(values)).catch(expired);
    if (answer) signIn(answer);
  };

  const answerWithPasskey = async () => {
    const answer = await passkeySecondStepOptions(challenge).catch(expired);
    if (!answer) return;
    const response = await signWithPasskey(answer.options);
    if (!response) return;
    const login = await passkeySecondStep({ challenge, response }).catch(expired);
    if (login) signIn(login);
  };

  return (
    <section className="account-page" data-testid="second-step">
      <h1 className="page-title">{t('account.twoStep.title')}</h1>
      <p className="account-lead">{t('account.login.secondStepLead')}</p>
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="second-step-submit">
            {t('account.login.verify')}
          </Button>
        }
      >
        <Form.Item name="code" label={t('account.login.code')}>
          <Input
            autoFocus
            autoComplete="one-time-code"
            maxLength={24}
            placeholder={t('account.twoStep.codePlaceholder')}
            data-testid="second-step-code"
          />
        </Form.Item>
      </Form>
      <div className="account-alternative">
        <Button block fill="outline" color="primary" onClick={answerWithPasskey} data-testid="second-step-passkey">
          {t('account.passkeys.secondStep')}
        </Button>
      </div>
      <div className="account-links">
        <button type="button" className="link-button" onClick={onBack} data-testid="second-step-back">
          {t('account.login.back')}
        </button>
      </div>
    </section>
  );
}
