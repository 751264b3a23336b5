import { kycStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileQuery } from '../../features/member/api/profile-query.ts';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { useWalletAddresses } from '../../features/wallet/api/wallet-addresses.ts';
import { useWithdrawConfig } from '../../features/wallet/api/withdraw-config.ts';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { WithdrawCryptoForm } from '../../features/wallet/components/withdraw-form.tsx';
import { WithdrawalHoldNotice } from '../../features/wallet/components/withdrawal-hold.tsx';

export function Page() {
  const { t } = useTranslation();
  const balances = useBalances();
  const config = useWithdrawConfig();
  const wallets = useWalletAddresses();
  // Pay password and KYC state come from the member's profile, fetched fresh: either may just have changed.
  const profile = useQuery(profileQuery());
  const ready = balances.data && config.data && wallets.data && !profile.isPending;
  const needsKyc = config.data?.requiresKyc && profile.data && profile.data.kycStatus !== kycStatuses.passed;
  return (
    <WalletPage title="pages.withdraw.crypto">
      <WithdrawalHoldNotice />
      {needsKyc && (
        <Notice tone="warning" testId="kyc-required">
          {t('errors.KYC_REQUIRED')}{' '}
          <Link className="wallet-link" to="/pages/kycverify/index">
            {t('pages.kycverify.index')}
          </Link>
        </Notice>
      )}
      {ready ? (
        <WithdrawCryptoForm
          balances={balances.data}
          config={config.data}
          wallets={wallets.data}
          // Without an answer the server stays the judge (PAY_PASSWORD_NOT_SET).
          hasPayPassword={profile.data?.hasPayPassword !== false}
        />
      ) : (
        <DotLoading />
      )}
    </WalletPage>
  );
}
