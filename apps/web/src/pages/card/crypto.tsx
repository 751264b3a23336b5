import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useWalletAddresses } from '../../features/wallet/api/wallet-addresses.ts';
import { AddWalletForm, WalletAddressItem } from '../../features/wallet/components/wallet-bindings.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';

export function Page() {
  const { t } = useTranslation();
  const wallets = useWalletAddresses();
  return (
    <WalletPage title="pages.card.crypto">
      <div className="wallet-list" data-testid="wallet-addresses">
        {wallets.isPending && <DotLoading />}
        {wallets.data?.length === 0 && <Notice>{t('wallet.noWallet')}</Notice>}
        {wallets.data?.map((wallet) => (
          <div key={wallet.id} className="wallet-list-item">
            <WalletAddressItem wallet={wallet} />
          </div>
        ))}
      </div>
      <AddWalletForm />
    </WalletPage>
  );
}
