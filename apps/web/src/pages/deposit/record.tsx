import { useTranslation } from 'react-i18next';
import { useLiveDeposits } from '../../features/wallet/api/deposit-address.ts';
import { browserTimezone, useDepositRecords } from '../../features/wallet/api/deposit-records.ts';
import { DepositRecordItem } from '../../features/wallet/components/records.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';

export function Page() {
  const { t } = useTranslation();
  const records = useDepositRecords();
  useLiveDeposits();
  return (
    <WalletPage title="pages.deposit.record">
      <Notice>{t('wallet.timesIn', { timezone: browserTimezone() })}</Notice>
      <PagedList
        query={records}
        testId="deposit-records"
        empty={t('wallet.empty')}
        render={(record) => <DepositRecordItem record={record} />}
      />
    </WalletPage>
  );
}
