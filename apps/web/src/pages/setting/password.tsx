import { changePasswordBody } from '@soar/contract';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../features/member/api/password.ts';
import { NewPasswordFields } from '../../features/member/components/account-fields.tsx';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { validateWith } from '../../features/member/components/validate.ts';
import { toast } from '../../shared/feedback.ts';
import '../../features/member/components/account.css';

type Values = { oldPassword?: string; password?: string; confirmPassword?: string };

/** Change the login password; other sessions end, this one stays. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    const body = {
      oldPassword: values.oldPassword ?? '',
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
    };
    if (!validateWith(changePasswordBody, body, form, t)) return;
    const done = await changePassword(body).then(
      () => true,
      () => false,
    );
    if (!done) return;
    form.resetFields();
    toast(t('account.password.done'));
    window.history.back();
  };

  return (
    <section className="account-page" data-testid="password-page">
      <h1 className="page-title">{t('pages.setting.password')}</h1>
      <p className="account-lead">{t('account.password.lead')}</p>
      <Form
        form={form}
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
