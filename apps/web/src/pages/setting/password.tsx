import { changePasswordBody } from '@soar/contract';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../features/member/api/password.ts';
import { NewPasswordFields } from '../../features/member/components/account-fields.tsx';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { contractErrors } from '../../shared/contract-errors.ts';
import { toast } from '../../shared/feedback.ts';
import { mismatchEarly, useFormCheck } from '../../shared/form-check.ts';
import '../../features/member/components/account.css';

type Values = { oldPassword?: string; password?: string; confirmPassword?: string };

/** Change the login password; other sessions end, this one stays. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const bodyOf = (values: Values) => ({
    oldPassword: values.oldPassword ?? '',
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  });
  const check = useFormCheck<Values>(
    form,
    (values) => contractErrors(changePasswordBody, bodyOf(values), t),
    mismatchEarly,
  );

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const done = await changePassword(bodyOf(values)).then(
      () => true,
      () => false,
    );
    if (!done) return;
    form.resetFields();
    check.reset();
    toast(t('account.password.done'));
    window.history.back();
  };

  return (
    <section className="account-page" data-testid="password-page">
      <h1 className="page-title">{t('pages.setting.password')}</h1>
      <p className="account-lead">{t('account.password.lead')}</p>
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="password-submit">
            {t('shell.confirm')}
          </Button>
        }
      >
        <Form.Item name="oldPassword" label={t('fields.oldPassword')}>
          <PasswordInput placeholder={t('account.form.oldPasswordPlaceholder')} testId="old-password" />
        </Form.Item>
        <NewPasswordFields label={t('account.form.newPassword')} />
      </Form>
    </section>
  );
}
