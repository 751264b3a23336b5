import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDepositChannels } from '../../features/wallet/api/deposit-channels.ts';
import { BankChannels, BankDepositForm } from '../../features/wallet/components/bank-deposit.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import type { PageProps } from '../../shared/page.ts';

export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const channels = useDepositChannels();
  const banks = channels.data?.filter((channel) => channel.type === 'bank') ?? [];
  const currencies = [...new Set(banks.map((channel) => channel.currency))];
  return (
    <WalletPage title="pages.deposit.card">
      <Notice>{t('wallet.bankStep')}</Notice>
      {channels.isPending ? <DotLoading /> : <BankChannels channels={banks} />}
      <Notice>{t('wallet.reviewTime')}</Notice>
      {channels.isSuccess && <BankDepositForm currencies={currencies} amount={query.amount} />}
    </WalletPage>
  );
}
