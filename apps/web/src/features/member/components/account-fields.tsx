import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeButton } from './code-button.tsx';
import { PasswordInput } from './password-input.tsx';

/** The 6-digit verification code with its send button (60 s countdown). */
export function CodeField({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="code" label={t('fields.code')} extra={<CodeButton onSend={onSend} />}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('account.form.codePlaceholder')}
        data-testid="code"
      />
    </Form.Item>
  );
}

/** A new password and its confirmation (docs/product.md section 5: 4 to 16 characters, both the same). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label}>
        <PasswordInput
          placeholder={t('account.form.passwordPlaceholder')}
          testId="password"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('fields.confirmPassword')}>
        <PasswordInput
          placeholder={t('account.form.confirmPlaceholder')}
          testId="confirm-password"
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
