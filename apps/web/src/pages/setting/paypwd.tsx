import { payPasswordSetBody } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendOwnCode } from '../../features/member/api/code.ts';
import { setPayPassword } from '../../features/member/api/password.ts';
import { profileQueryKey } from '../../features/member/api/profile-query.ts';
import { CodeField, NewPasswordFields } from '../../features/member/components/account-fields.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { contractErrors } from '../../shared/contract-errors.ts';
import { toast } from '../../shared/feedback.ts';
import { mismatchEarly, useFormCheck } from '../../shared/form-check.ts';
import '../../features/member/components/account.css';

type Values = { code?: string; password?: string; confirmPassword?: string };
type Channel = 'email' | 'phone';

/** Set or change the pay password with a code sent to the account's own mail or phone. */
export function Page() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const { userInfo, setUserInfo } = useSessionStore();
  const mail = typeof userInfo?.mail === 'string' ? userInfo.mail : '';
  const phone = typeof userInfo?.phone === 'string' ? `+${String(userInfo.areaCode ?? '')} ${userInfo.phone}` : '';
  const channels: Channel[] = [...(mail ? (['email'] as const) : []), ...(phone ? (['phone'] as const) : [])];
  const [channel, setChannel] = useState<Channel>(channels[0] ?? 'email');
  const hasPayPassword = userInfo?.hasPayPassword === true;

  // Scene paypwd goes to the account's own mail or phone: the body's contact fields are ignored.
  const send = () =>
    sendOwnCode(channel).then(
      () => true,
      () => false,
    );

  const bodyOf = (values: Values) => ({
    code: (values.code ?? '').trim(),
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  });
  const check = useFormCheck<Values>(
    form,
    (values) => contractErrors(payPasswordSetBody, bodyOf(values), t),
    mismatchEarly,
  );

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const done = await setPayPassword(bodyOf(values)).then(
      () => true,
      () => false,
    );
    if (!done) return;
    if (userInfo) setUserInfo({ ...userInfo, hasPayPassword: true });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    form.resetFields();
    check.reset();
    toast(t('account.paypwd.done'));
    window.history.back();
  };

  return (
    <section className="account-page" data-testid="paypwd-page">
      <h1 className="page-title">{t('pages.setting.paypwd')}</h1>
      <p className="account-lead" data-testid="paypwd-status">
        {t(hasPayPassword ? 'account.paypwd.isSet' : 'account.paypwd.notSet')}
      </p>
      {channels.length > 1 && (
        <Selector<Channel>
          className="paypwd-channel"
          columns={2}
          value={[channel]}
          options={channels.map((value) => ({ value, label: t(value === 'email' ? 'fields.mail' : 'fields.phone') }))}
          onChange={([value]) => value && setChannel(value)}
        />
      )}
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="paypwd-submit">
            {t('shell.confirm')}
          </Button>
        }
      >
        <Form.Item label={t('account.paypwd.sendTo')}>
          <span data-testid="paypwd-destination">{channel === 'email' ? mail : phone}</span>
        </Form.Item>
        <CodeField onSend={send} />
        <NewPasswordFields label={t('account.paypwd.password')} />
      </Form>
    </section>
  );
}
