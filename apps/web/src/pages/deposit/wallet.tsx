import type { CryptoNetwork } from '@soar/contract';
import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDepositAddress, useLiveDeposits } from '../../features/wallet/api/deposit-address.ts';
import { useDepositChannels } from '../../features/wallet/api/deposit-channels.ts';
import { CryptoAddress, CryptoDepositForm } from '../../features/wallet/components/crypto-deposit.tsx';
import { OwnAddress } from '../../features/wallet/components/own-address.tsx';
import { networkOptions } from '../../features/wallet/components/wallet-bindings.tsx';
import { WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import type { PageProps } from '../../shared/page.ts';

export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const network: CryptoNetwork = query.network === 'ERC20' ? 'ERC20' : 'TRC20';
  const channels = useDepositChannels();
  // A network with members' own addresses needs no form; without one the manual path stays.
  const own = useDepositAddress(network);
  useLiveDeposits();
  const channel = channels.data?.find((item) => item.type === 'crypto' && item.network === network);
  const amount = query.amount ? `&amount=${encodeURIComponent(query.amount)}` : '';
  return (
    <WalletPage title="pages.deposit.wallet">
      <Tabs
        activeKey={network}
        onChange={(key) => navigate(`/pages/deposit/wallet?network=${key}${amount}`, { replace: true })}
        data-testid="network-tabs"
      >
        {networkOptions.map((option) => (
          <Tabs.Tab key={option.value} title={`USDT · ${option.label}`} />
        ))}
      </Tabs>
      {channels.isPending || own.isPending ? (
        <DotLoading />
      ) : own.data?.address ? (
        <OwnAddress data={{ ...own.data, address: own.data.address }} />
      ) : channel ? (
        <>
          <CryptoAddress channel={channel} />
          <CryptoDepositForm key={network} network={network} amount={query.amount} />
        </>
      ) : (
        <ErrorBlock status="empty" title={t('wallet.noChannel')} description="" />
      )}
    </WalletPage>
  );
}
