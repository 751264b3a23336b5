import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide button; Form.Item hands it `value` and `onChange`. */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  testId,
  autoComplete = 'current-password',
}: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  testId?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <Input
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        data-testid={testId}
        maxLength={16}
      />
      <button
        type="button"
        className="password-eye"
        aria-label={t(visible ? 'account.form.hidePassword' : 'account.form.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
