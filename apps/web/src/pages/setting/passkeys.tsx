import { deviceOf } from '@soar/client';
import {
  type PasskeyItem,
  passkeyNameMaxLength,
  passkeyRegisterOptionsBody,
  passkeyRemoveBody,
  passkeyRenameBody,
} from '@soar/contract';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  passkeyRegisterOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  usePasskeys,
} from '../../features/member/api/passkeys.ts';
import { PasswordInput } from '../../features/member/components/password-input.tsx';
import { createPasskey } from '../../features/member/passkey/webauthn.ts';
import { contractErrors } from '../../shared/contract-errors.ts';
import { toast } from '../../shared/feedback.ts';
import { useFormCheck } from '../../shared/form-check.ts';
import { formatDate } from '../../shared/format.ts';
import '../../features/member/components/account.css';
import '../../features/member/passkey/passkeys.css';

type Editing = { passkey: PasskeyItem; action: 'rename' | 'remove' };

/** Settings, Passkeys (docs/identity.md, Passkeys): the member's passkeys; add, rename, remove. */
export function Page() {
  const { t, i18n } = useTranslation();
  const { data, refetch } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const passkeys = data?.passkeys ?? [];
  const done = async (message: string) => {
    toast(t(message));
    setAdding(false);
    setEditing(undefined);
    await refetch();
  };

  return (
    <section className="account-page passkeys-page" data-testid="passkeys-page">
      <h1 className="page-title">{t('pages.setting.passkeys')}</h1>
      <p className="account-lead">{t('account.passkeys.lead')}</p>
      {data && (
        <section className="account-section" data-testid="passkey-list">
          {passkeys.length === 0 ? (
            <p className="account-lead passkeys-empty" data-testid="passkeys-empty">
              {t('account.passkeys.empty')}
            </p>
          ) : (
            <List>
              {passkeys.map((passkey) => (
                <List.Item
                  key={passkey.id}
                  data-testid="passkey"
                  description={
                    <span className="session-meta">
                      {t('account.passkeys.addedAt', { time: formatDate(passkey.createdAt, i18n.language) })}
                      {' · '}
                      {passkey.lastUsedAt
                        ? t('account.passkeys.lastUsed', { time: formatDate(passkey.lastUsedAt, i18n.language) })
                        : t('account.passkeys.neverUsed')}
                    </span>
                  }
                  extra={
                    <span className="passkey-row-actions">
                      <Button
                        size="mini"
                        fill="outline"
                        onClick={() => setEditing({ passkey, action: 'rename' })}
                        data-testid="passkey-rename"
                      >
                        {t('account.passkeys.rename')}
                      </Button>
                      <Button
                        size="mini"
                        color="danger"
                        fill="outline"
                        onClick={() => setEditing({ passkey, action: 'remove' })}
                        data-testid="passkey-remove"
                      >
                        {t('account.passkeys.remove')}
                      </Button>
                    </span>
                  }
                >
                  <span data-testid="passkey-name">{passkey.name}</span>
                </List.Item>
              ))}
            </List>
          )}
        </section>
      )}
      {editing?.action === 'rename' && (
        <RenameForm
          key={`rename-${editing.passkey.id}`}
          passkey={editing.passkey}
          onCancel={() => setEditing(undefined)}
          onDone={() => done('account.passkeys.renamed')}
        />
      )}
      {editing?.action === 'remove' && (
        <RemoveForm
          key={`remove-${editing.passkey.id}`}
          passkey={editing.passkey}
          onCancel={() => setEditing(undefined)}
          onDone={() => done('account.passkeys.removed')}
        />
      )}
      {adding ? (
        <AddForm onCancel={() => setAdding(false)} onDone={() => done('account.passkeys.added')} />
      ) : (
        <div className="passkey-actions">
          <Button block color="primary" onClick={() => setAdding(true)} data-testid="passkey-add">
            {t('account.passkeys.add')}
          </Button>
        </div>
      )}
    </section>
  );
}

const nameOnly = passkeyRenameBody.pick({ name: true });

function NameInput({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={t('fields.name')}>
      <Input
        maxLength={passkeyNameMaxLength}
        autoComplete="off"
        placeholder={t('account.passkeys.namePlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function Buttons({ submit, danger, onCancel }: { submit: string; danger?: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="passkey-buttons">
      <Button fill="outline" onClick={onCancel}>
        {t('account.passkeys.cancel')}
      </Button>
      <Button type="submit" color={danger ? 'danger' : 'primary'} data-testid="passkey-submit">
        {t(submit)}
      </Button>
    </div>
  );
}

type AddValues = { password?: string; name?: string };

/** The password, a name (this device's, to start with), then the device makes the passkey. */
function AddForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const check = useFormCheck<AddValues>(form, (values) => ({
    ...contractErrors(passkeyRegisterOptionsBody, { password: values.password ?? '' }, t),
    ...contractErrors(nameOnly, { name: values.name ?? '' }, t),
  }));

  const submit = async (values: AddValues) => {
    if (!check.passes(values)) return;
    const answer = await passkeyRegisterOptions(values.password ?? '').catch(() => undefined);
    if (!answer) return;
    const response = await createPasskey(answer.options);
    if (!response) return;
    const added = await registerPasskey({ name: values.name ?? '', response }).catch(() => undefined);
    if (added) await onDone();
  };

  return (
    <section className="account-section passkey-form" data-testid="passkey-add-form">
      <h2 className="section-title">{t('account.passkeys.add')}</h2>
      <p className="account-lead">{t('account.passkeys.addLead')}</p>
      <Form
        form={form}
        {...check.formProps}
        layout="vertical"
        initialValues={{ name: deviceOf(navigator.userAgent) }}
        onFinish={submit}
      >
        <Form.Item name="password" label={t('fields.password')}>
          <PasswordInput placeholder={t('account.form.passwordPlaceholder')} testId="passkey-password" />
        </Form.Item>
        <NameInput testId="passkey-name-input" />
        <Buttons submit="account.passkeys.create" onCancel={onCancel} />
      </Form>
    </section>
  );
}

function RenameForm({
  passkey,
  onCancel,
  onDone,
}: {
  passkey: PasskeyItem;
  onCancel: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name?: string }>();
  const check = useFormCheck<{ name?: string }>(form, (values) =>
    contractErrors(nameOnly, { name: values.name ?? '' }, t),
  );
  const submit = async (values: { name?: string }) => {
    if (!check.passes(values)) return;
    const renamed = await renamePasskey({ id: passkey.id, name: values.name ?? '' }).catch(() => undefined);
    if (renamed) await onDone();
  };
  return (
    <section className="account-section passkey-form" data-testid="passkey-rename-form">
      <h2 className="section-title">{t('account.passkeys.rename')}</h2>
      <Form form={form} {...check.formProps} layout="vertical" initialValues={{ name: passkey.name }} onFinish={submit}>
        <NameInput testId="passkey-rename-input" />
        <Buttons submit="account.passkeys.save" onCancel={onCancel} />
      </Form>
    </section>
  );
}

/** Removing asks for the password, as turning two-step sign-in off does; withdrawals are then held. */
function RemoveForm({
  passkey,
  onCancel,
  onDone,
}: {
  passkey: PasskeyItem;
  onCancel: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password?: string }>();
  const check = useFormCheck<{ password?: string }>(form, (values) =>
    contractErrors(passkeyRemoveBody, { id: passkey.id, password: values.password ?? '' }, t),
  );
  const submit = async (values: { password?: string }) => {
    if (!check.passes(values)) return;
    const removed = await removePasskey({ id: passkey.id, password: values.password ?? '' }).then(
      () => true,
      () => false,
    );
    if (removed) await onDone();
  };
  return (
    <section className="account-section passkey-form" data-testid="passkey-remove-form">
      <h2 className="section-title">{t('account.passkeys.remove')}</h2>
      <p className="account-lead">{t('account.passkeys.removeLead', { name: passkey.name })}</p>
      <Form form={form} {...check.formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('fields.password')}>
          <PasswordInput placeholder={t('account.form.passwordPlaceholder')} testId="passkey-remove-password" />
        </Form.Item>
        <Buttons submit="account.passkeys.remove" danger onCancel={onCancel} />
      </Form>
    </section>
  );
}
