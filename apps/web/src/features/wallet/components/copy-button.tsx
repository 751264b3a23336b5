import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/clipboard.ts';
import { toast } from '../../../shared/feedback.ts';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="mini"
      fill="outline"
      color="primary"
      aria-label={label ? `${t('wallet.copy')}: ${label}` : t('wallet.copy')}
      onClick={async () => toast(t((await copyText(text)) ? 'wallet.copied' : 'wallet.copyFailed'))}
    >
      {t('wallet.copy')}
    </Button>
  );
}

/** A value the member transfers to, with its copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="wallet-copy-row">
      <div className="wallet-copy-text">
        <span className="wallet-row-label">{label}</span>
        <span className="wallet-copy-value" data-testid={testId}>
          {value}
        </span>
      </div>
      <CopyButton text={value} label={label} />
    </div>
  );
}
