import { memberTotpConfirmBody, totpDisableBody } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/clipboard.ts';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { profileQueryKey, useProfile } from '../api/profile-query.ts';
import { confirmTotp, disableTotp, enrolTotp } from '../api/two-step.ts';
import { PasswordInput } from './password-input.tsx';

type Enrolment = { secret: string; otpauthUrl: string };
type Stage = { name: 'idle' } | { name: 'enrol'; enrolment: Enrolment } | { name: 'codes'; codes: string[] };

/**
 * Settings, "Two-step sign-in" (docs/identity.md): set up with a QR code and a first code, the
 * ten recovery codes shown once, turned off with the password and a code.
 */
export function TwoStepSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: profile } = useProfile(true);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [disabling, setDisabling] = useState(false);
  const enabled = profile?.totpEnabled === true;

  const settle = (totpEnabled: boolean) => {
    queryClient.setQueryData(profileQueryKey, (old) => (old ? { ...old, totpEnabled } : old));
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  };

  // Until the profile says, neither state nor action is shown: either could be wrong.
  if (!profile) return null;

  const start = async () => {
    const enrolment = await enrolTotp().catch(() => undefined);
    if (enrolment) setStage({ name: 'enrol', enrolment });
  };

  return (
    <section className="account-section two-step" data-testid="two-step">
      <div className="two-step-head">
        <h2 className="section-title">{t('account.twoStep.title')}</h2>
        <Tag color={enabled ? 'success' : 'default'} fill="outline" data-testid="two-step-state">
          {t(enabled ? 'account.twoStep.on' : 'account.twoStep.off')}
        </Tag>
      </div>
      {stage.name === 'codes' ? (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ name: 'idle' })} />
      ) : stage.name === 'enrol' ? (
        <EnrolForm
          enrolment={stage.enrolment}
          onCancel={() => setStage({ name: 'idle' })}
          onEnabled={(codes) => {
            // The codes panel and the state say it: a toast would cover the codes' title.
            settle(true);
            setStage({ name: 'codes', codes });
          }}
        />
      ) : enabled ? (
        <>
          <p className="account-lead two-step-text">{t('account.twoStep.onLead')}</p>
          {disabling ? (
            <DisableForm
              onCancel={() => setDisabling(false)}
              onDisabled={() => {
                settle(false);
                setDisabling(false);
                toast(t('account.twoStep.disabled'));
              }}
            />
          ) : (
            <div className="two-step-actions">
              <Button block color="danger" fill="outline" onClick={() => setDisabling(true)} data-testid="two-step-off">
                {t('account.twoStep.disable')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="account-lead two-step-text">{t('account.twoStep.lead')}</p>
          <div className="two-step-actions">
            <Button block color="primary" fill="outline" onClick={start} data-testid="two-step-start">
              {t('account.twoStep.enable')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function EnrolForm({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string }>();
  const bodyOf = (values: { code?: string }) => ({ code: (values.code ?? '').trim() });
  const check = useFormCheck<{ code?: string }>(form, (values) =>
    contractErrors(memberTotpConfirmBody, bodyOf(values), t),
  );

  const submit = async (values: { code?: string }) => {
    if (!check.passes(values)) return;
    const answer = await confirmTotp(bodyOf(values)).catch(() => undefined);
    if (answer) onEnabled(answer.recoveryCodes);
  };

  return (
    <div className="two-step-enrol">
      <p className="account-lead two-step-text">{t('account.twoStep.scan')}</p>
      <div className="two-step-qr">
        <QrCode value={enrolment.otpauthUrl} label={t('account.twoStep.qrAlt')} size={184} testId="two-step-qr" />
      </div>
      <p className="account-lead two-step-text">{t('account.twoStep.manual')}</p>
      <div className="two-step-secret">
        <code data-testid="two-step-secret">{enrolment.secret}</code>
        <CopyAction text={enrolment.secret} label={t('account.twoStep.copyKey')} />
      </div>
      <Form form={form} {...check.formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="code" label={t('account.twoStep.codeLabel')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('account.form.codePlaceholder')}
            data-testid="two-step-code"
          />
        </Form.Item>
        <div className="two-step-buttons">
          <Button fill="outline" onClick={onCancel}>
            {t('account.twoStep.cancel')}
          </Button>
          <Button type="submit" color="primary" data-testid="two-step-confirm">
            {t('account.twoStep.confirm')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="two-step-codes" data-testid="recovery-codes">
      <h3>{t('account.twoStep.recoveryTitle')}</h3>
      <p className="account-lead">{t('account.twoStep.recoveryLead')}</p>
      <ol className="two-step-code-list">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-step-buttons">
        <CopyAction text={codes.join('\n')} label={t('account.twoStep.copyCodes')} size="middle" />
        <Button color="primary" onClick={onDone} data-testid="recovery-codes-done">
          {t('account.twoStep.saved')}
        </Button>
      </div>
    </div>
  );
}

function DisableForm({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const { t } = useTranslation();
  type Values = { password?: string; code?: string };
  const [form] = Form.useForm<Values>();
  const bodyOf = (values: Values) => ({ password: values.password ?? '', code: (values.code ?? '').trim() });
  const check = useFormCheck<Values>(form, (values) => contractErrors(totpDisableBody, bodyOf(values), t));

  const submit = async (values: Values) => {
    if (!check.passes(values)) return;
    const done = await disableTotp(bodyOf(values)).then(
      () => true,
      () => false,
    );
    if (done) onDisabled();
  };

  return (
    <div className="two-step-enrol" data-testid="two-step-disable">
      <p className="account-lead two-step-text">{t('account.twoStep.disableLead')}</p>
      <Form form={form} {...check.formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('fields.password')}>
          <PasswordInput placeholder={t('account.form.passwordPlaceholder')} testId="two-step-password" />
        </Form.Item>
        <Form.Item name="code" label={t('account.login.code')}>
          <Input
            autoComplete="one-time-code"
            maxLength={24}
            placeholder={t('account.twoStep.codePlaceholder')}
            data-testid="two-step-disable-code"
          />
        </Form.Item>
        <div className="two-step-buttons">
          <Button fill="outline" onClick={onCancel}>
            {t('account.twoStep.cancel')}
          </Button>
          <Button type="submit" color="danger" data-testid="two-step-disable-submit">
            {t('account.twoStep.disable')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function CopyAction({ text, label, size = 'mini' }: { text: string; label: string; size?: 'mini' | 'middle' }) {
  const { t } = useTranslation();
  return (
    <Button
      size={size}
      fill="outline"
      color="primary"
      onClick={async () => toast(t((await copyText(text)) ? 'account.twoStep.copied' : 'account.twoStep.copyFailed'))}
    >
      {label}
    </Button>
  );
}
