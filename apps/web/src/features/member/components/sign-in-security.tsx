import { mailPhraseBody, mailPhraseMaxLength } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import './sign-in-security.css';
import { mailPhraseQuery, revokeOtherSessions, setMailPhrase, useMailPhrase } from '../api/sign-in.ts';

type Values = { phrase?: string };

/** Settings, "Anti-phishing phrase" (docs/identity.md, Sign-in awareness): every mail from Soar shows it. */
export function MailPhraseSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useMailPhrase();
  const [form] = Form.useForm<Values>();
  const bodyOf = (values: Values) => ({ phrase: values.phrase ?? '' });
  const check = useFormCheck<Values>(form, (values) => contractErrors(mailPhraseBody, bodyOf(values), t));

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const answer = await setMailPhrase(bodyOf(values).phrase).catch(() => undefined);
    if (!answer) return;
    queryClient.setQueryData(mailPhraseQuery().queryKey, answer);
    form.resetFields();
    toast(t('account.signIn.pSaved'));
  };

  return (
    <section className="account-section mail-phrase" data-testid="mail-phrase">
      <h2 className="section-title">{t('account.signIn.pTitle')}</h2>
      <p className="account-lead">{t('account.signIn.pLead')}</p>
      <p className="mail-phrase-current" data-testid="mail-phrase-current">
        {data?.phrase ? <strong>{data.phrase}</strong> : t('account.signIn.pNone')}
      </p>
      <Form form={form} {...check.formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="phrase" label={t('account.signIn.pTitle')}>
          <Input
            maxLength={mailPhraseMaxLength}
            autoComplete="off"
            placeholder={t('account.signIn.pPlaceholder')}
            data-testid="mail-phrase-input"
          />
        </Form.Item>
        <div className="settings-actions">
          <Button block size="small" type="submit" color="primary" data-testid="mail-phrase-save">
            {t('account.signIn.pSave')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** "Sign out all other sessions": after a confirm, every device but this one is signed out. */
export function SignOutOthers({ onDone }: { onDone: () => unknown }) {
  const { t } = useTranslation();
  const signOut = async () => {
    if (!(await confirm({ title: t('account.signIn.others'), content: t('account.signIn.othersConfirm') }))) return;
    const answer = await revokeOtherSessions().catch(() => undefined);
    if (!answer) return;
    toast(t('account.signIn.othersDone', { count: answer.revoked }));
    await onDone();
  };
  return (
    <Button block size="small" color="warning" fill="outline" onClick={signOut} data-testid="logout-others">
      {t('account.signIn.others')}
    </Button>
  );
}
