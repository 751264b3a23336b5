import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { colors } from '../../../shared/constants.ts';
import type { DepositRecord } from '../api/types.ts';
import { CopyRow } from './copy-button.tsx';
import { Row } from './wallet-page.tsx';

const depositColors: Record<string, string> = {
  confirming: colors.primary,
  credited: colors.success,
  held: colors.warning,
};

const payoutColors: Record<string, string> = {
  paid: colors.success,
  failed: colors.warning,
  waiting_funds: colors.warning,
  refunded: colors.danger,
};

/** A deposit seen on chain: its state, and while it confirms, "n of 3 confirmations" with a bar. */
export function ChainDepositStatus({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const state = record.chainState ?? 'confirming';
  const needed = record.confirmationsNeeded ?? 0;
  const count = Math.min(record.confirmations ?? 0, needed);
  return (
    <div className="wallet-chain" data-testid="chain-status" data-state={state}>
      <div className="wallet-chain-head">
        <Tag color={depositColors[state] ?? colors.danger} fill="outline" data-testid="chain-state">
          {t(`chain.state.${state}`)}
        </Tag>
        {state === 'confirming' && (
          <span className="wallet-hint" data-testid="chain-confirmations">
            {t('chain.confirmations', { count, needed })}
          </span>
        )}
      </div>
      {state === 'confirming' && needed > 0 && (
        <ProgressBar
          percent={(count / needed) * 100}
          aria-label={t('chain.confirmations', { count, needed })}
          style={{ '--track-width': '6px' }}
        />
      )}
    </div>
  );
}

/** A withdrawal's way on chain: its state and, once signed, the transaction that pays it. */
export function PayoutStatus({ state, txHash }: { state: string; txHash: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('chain.onChain')} testId="payout-state">
        <Tag color={payoutColors[state] ?? colors.primary} fill="outline">
          {t(`chain.payout.${state}`)}
        </Tag>
      </Row>
      {txHash && <CopyRow label={t('chain.transaction')} value={txHash} testId="payout-hash" />}
    </>
  );
}
