import { codeSendBody, resetPasswordBody } from '@soar/contract';
import { Button, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../features/member/api/auth.ts';
import { sendCode } from '../../features/member/api/code.ts';
import { CodeField, NewPasswordFields } from '../../features/member/components/account-fields.tsx';
import { defaultAreaCode } from '../../features/member/components/area-codes.ts';
import { type ContactValues, contactOf } from '../../features/member/components/contact.ts';
import { ContactFields, ContactTabs, type ContactType } from '../../features/member/components/contact-fields.tsx';
import { contractErrors } from '../../shared/contract-errors.ts';
import { toast } from '../../shared/feedback.ts';
import { mismatchEarly, useFormCheck } from '../../shared/form-check.ts';
import { loginPath, navigate } from '../../shared/navigation.ts';
import '../../features/member/components/account.css';

type Values = ContactValues & { code?: string; password?: string; confirmPassword?: string };

/** A forgotten password: a code to the mail or phone, then a new password; every session ends. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<ContactType>('email');
  const bodyOf = (values: Values) => ({
    ...contactOf(type, values),
    code: (values.code ?? '').trim(),
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  });
  const check = useFormCheck<Values>(
    form,
    (values) => contractErrors(resetPasswordBody, bodyOf(values), t),
    mismatchEarly,
  );

  const send = async () => {
    const destination = contactOf(type, form.getFieldsValue());
    if (!check.shows(contractErrors(codeSendBody, { ...destination, scene: 'resetpwd' }, t))) return false;
    return sendCode(destination, 'resetpwd').then(
      () => true,
      () => false,
    );
  };

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const done = await resetPassword(bodyOf(values)).then(
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
        {...check.formProps}
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
        <CodeField onSend={send} />
        <NewPasswordFields label={t('account.form.newPassword')} />
      </Form>
    </section>
  );
}
