import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../features/member/api/profile-query.ts';
import { useWalletAddresses } from '../../features/wallet/api/wallet-addresses.ts';
import { AddWalletForm, WalletAddressItem } from '../../features/wallet/components/wallet-bindings.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { AllowListSwitch, WithdrawalHoldNotice } from '../../features/wallet/components/withdrawal-hold.tsx';

export function Page() {
  const { t } = useTranslation();
  const wallets = useWalletAddresses();
  // Fetched fresh: the pay password may just have been set.
  const profile = useQuery(profileQuery());
  return (
    <WalletPage title="pages.card.crypto">
      <WithdrawalHoldNotice />
      <div className="wallet-list" data-testid="wallet-addresses">
        {wallets.isPending && <DotLoading />}
        {wallets.data?.length === 0 && <Notice>{t('wallet.noWallet')}</Notice>}
        {wallets.data?.map((wallet) => (
          <div key={wallet.id} className="wallet-list-item">
            <WalletAddressItem wallet={wallet} />
          </div>
        ))}
      </div>
      {/* Without an answer the server stays the judge (PAY_PASSWORD_NOT_SET). */}
      <AddWalletForm hasPayPassword={profile.data?.hasPayPassword !== false} />
      <AllowListSwitch />
    </WalletPage>
  );
}
