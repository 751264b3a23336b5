import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { getProfile } from '../../features/member/api/profile.ts';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { useWalletAddresses } from '../../features/wallet/api/wallet-addresses.ts';
import { useWithdrawConfig } from '../../features/wallet/api/withdraw-config.ts';
import { WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { WithdrawCryptoForm } from '../../features/wallet/components/withdraw-form.tsx';

export function Page() {
  const balances = useBalances();
  const config = useWithdrawConfig();
  const wallets = useWalletAddresses();
  // Whether a pay password is set comes from the member's profile (fresh: it may just have been set).
  const profile = useQuery({ queryKey: ['member', 'profile'], queryFn: getProfile });
  const ready = balances.data && config.data && wallets.data && profile.data;
  return (
    <WalletPage title="pages.withdraw.crypto">
      {ready ? (
        <WithdrawCryptoForm
          balances={balances.data}
          config={config.data}
          wallets={wallets.data}
          hasPayPassword={profile.data.hasPayPassword !== false}
        />
      ) : (
        <DotLoading />
      )}
    </WalletPage>
  );
}
