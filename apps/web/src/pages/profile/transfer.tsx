import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { TransferForm } from '../../features/wallet/components/transfer-form.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { useAppStore } from '../../shared/stores/app.ts';

export function Page() {
  const { t } = useTranslation();
  const balances = useBalances();
  const listed = useAppStore((state) => state.currencies);
  const codes = balances.data
    ? [...new Set([...balances.data.list.map((item) => item.currency), ...listed.map((item) => item.code)])]
    : [];
  return (
    <WalletPage title="pages.profile.transfer">
      <Notice>{t('wallet.transferNote')}</Notice>
      {balances.data ? <TransferForm balances={balances.data} currencies={codes} /> : <DotLoading />}
    </WalletPage>
  );
}
