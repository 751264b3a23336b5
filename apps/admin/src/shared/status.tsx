import { adjustmentStatuses, depositStatuses, kycStatuses, withdrawStatuses } from '@soar/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const depositColours: Record<number, string> = {
  [depositStatuses.wait]: 'gold',
  [depositStatuses.pass]: 'green',
  [depositStatuses.part]: 'blue',
  [depositStatuses.refuse]: 'red',
};
const withdrawColours: Record<number, string> = {
  [withdrawStatuses.wait]: 'gold',
  [withdrawStatuses.pass]: 'green',
  [withdrawStatuses.refuse]: 'red',
};
const adjustmentColours: Record<number, string> = {
  [adjustmentStatuses.pending]: 'gold',
  [adjustmentStatuses.approved]: 'green',
  [adjustmentStatuses.rejected]: 'red',
};

export function DepositStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={depositColours[status]}>{t(`status.deposit.${status}`)}</Tag>;
}

export function WithdrawStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={withdrawColours[status]}>{t(`status.withdraw.${status}`)}</Tag>;
}

export function AdjustmentStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={adjustmentColours[status]}>{t(`status.adjustment.${status}`)}</Tag>;
}

/** KYC: none, under review, passed or refused (`kycStatuses`). */
export function KycStatus({ status }: { status: number | null }) {
  const { t } = useTranslation();
  const colour =
    status === kycStatuses.passed
      ? 'green'
      : status === kycStatuses.refused
        ? 'red'
        : status === kycStatuses.review
          ? 'gold'
          : 'default';
  return <Tag color={colour}>{t(`status.kyc.${status ?? 'none'}`)}</Tag>;
}

/** Whether a row is switched on (a banner shown, a channel offered). */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>;
}
