import { withdrawStatuses } from '@soar/contract';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/feedback.ts';
import { Switch } from '../../../shared/ui/switch.tsx';
import { useSetAllowList, useWithdrawalHold } from '../api/withdrawal-hold.ts';
import { useFormat } from '../use-format.ts';
import { Notice } from './wallet-page.tsx';

/**
 * The hold in force, before the member fills the withdrawal form: why and until when withdrawals
 * wait (docs/ledger.md, Withdrawal holds). Nothing when no hold runs.
 */
export function WithdrawalHoldNotice() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useWithdrawalHold();
  if (!data?.hold) return null;
  return (
    <Notice tone="warning" testId="withdrawal-hold">
      <strong>{t('wallet.hold.title')}</strong>
      <br />
      {t(`wallet.hold.reason.${data.hold.reason}`)} {t('wallet.hold.text', { until: format.date(data.hold.endsAt) })}
    </Notice>
  );
}

/** "On hold until ..." on a waiting withdrawal whose hold has not ended. */
export function HeldUntil({ status, heldUntil }: { status: number; heldUntil: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (status !== withdrawStatuses.wait || !heldUntil || Date.parse(heldUntil) <= Date.now()) return null;
  return (
    <Notice tone="warning" testId="record-held">
      {t('wallet.hold.status', { until: format.date(heldUntil) })}
    </Notice>
  );
}

/** Allow-list mode: a switch, confirmed with the pay password before it changes. */
export function AllowListSwitch() {
  const { t } = useTranslation();
  const { data } = useWithdrawalHold();
  const setAllowList = useSetAllowList();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [payPassword, setPayPassword] = useState('');
  if (!data) return null;
  const submit = async () => {
    if (wanted === null) return;
    const answer = await setAllowList.mutateAsync({ enabled: wanted, payPassword }).catch(() => null);
    if (!answer) return;
    toast(t(wanted ? 'wallet.hold.allowListOn' : 'wallet.hold.allowListOff'));
    setWanted(null);
    setPayPassword('');
  };
  return (
    <section className="wallet-allow-list" data-testid="allow-list">
      <div className="wallet-row">
        <span>{t('wallet.hold.allowList')}</span>
        <Switch
          checked={wanted ?? data.allowListOnly}
          onChange={(checked) => setWanted(checked === data.allowListOnly ? null : checked)}
          data-testid="allow-list-switch"
        />
      </div>
      <p className="wallet-allow-list-hint">{t('wallet.hold.allowListHint')}</p>
      {wanted !== null && (
        <div className="wallet-allow-list-confirm">
          <Input
            type="password"
            maxLength={16}
            autoComplete="off"
            placeholder={t('wallet.hold.confirmPay')}
            value={payPassword}
            onChange={setPayPassword}
            data-testid="allow-list-pay-password"
          />
          <Button
            color="primary"
            size="small"
            loading={setAllowList.isPending}
            disabled={payPassword.length < 4}
            onClick={submit}
            data-testid="allow-list-confirm"
          >
            {t('shell.confirm')}
          </Button>
        </div>
      )}
    </section>
  );
}
