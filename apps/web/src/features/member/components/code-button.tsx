import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeResendSeconds } from './constants.ts';

/**
 * Sends a verification code; after a send it counts down 60 seconds before another may go.
 * `onSend` answers whether a code went (a refusal has already been toasted).
 */
export function CodeButton({ onSend, testId = 'send-code' }: { onSend: () => Promise<boolean>; testId?: string }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setSeconds(codeResendSeconds);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      className="code-button"
      data-testid={testId}
      disabled={seconds > 0}
      loading={sending}
      onClick={send}
    >
      {seconds > 0 ? t('account.form.resendIn', { seconds }) : t('account.form.sendCode')}
    </Button>
  );
}
