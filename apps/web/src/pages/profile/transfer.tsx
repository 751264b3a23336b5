import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../features/member/api/profile-query.ts';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { TransferForm } from '../../features/wallet/components/transfer-form.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { useAppStore } from '../../shared/stores/app.ts';

export function Page() {
  const { t } = useTranslation();
  const balances = useBalances();
  const listed = useAppStore((state) => state.currencies);
  // Whether a pay password is set comes from the profile, fetched fresh: it may just have been set.
  const profile = useQuery(profileQuery());
  const codes = balances.data
    ? [...new Set([...balances.data.list.map((item) => item.currency), ...listed.map((item) => item.code)])]
    : [];
  return (
    <WalletPage title="pages.profile.transfer">
      <Notice>{t('wallet.transferNote')}</Notice>
      {balances.data && !profile.isPending ? (
        <TransferForm
          balances={balances.data}
          currencies={codes}
          // Without an answer the server stays the judge (PAY_PASSWORD_NOT_SET).
          hasPayPassword={profile.data?.hasPayPassword !== false}
        />
      ) : (
        <DotLoading />
      )}
    </WalletPage>
  );
}
