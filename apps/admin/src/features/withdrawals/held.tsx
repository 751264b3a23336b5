import { withdrawStatuses } from '@soar/contract';
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';

type Held = { status: number; heldUntil: string | null };

/**
 * A waiting withdrawal under the member's withdrawal hold (docs/admin.md, Withdrawal holds): the
 * server refuses to pass it before the end (`WITHDRAWAL_HOLD`); refusing it stays possible.
 */
export function isHeld(withdrawal: Held): boolean {
  return (
    withdrawal.status === withdrawStatuses.wait &&
    withdrawal.heldUntil !== null &&
    Date.parse(withdrawal.heldUntil) > Date.now()
  );
}

export function HeldTag({ withdrawal }: { withdrawal: Held }) {
  const { t } = useTranslation();
  if (!isHeld(withdrawal)) return null;
  return (
    <Tag color="orange" data-testid="withdraw-held">
      {t('withdrawals.heldUntil', { until: formatTime(withdrawal.heldUntil) })}
    </Tag>
  );
}

export function HeldAlert({ withdrawal }: { withdrawal: Held }) {
  const { t } = useTranslation();
  if (!isHeld(withdrawal)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('withdrawals.heldHint', { until: formatTime(withdrawal.heldUntil) })}
      data-testid="withdraw-held-alert"
    />
  );
}
