import { useTranslation } from 'react-i18next';
import { useLiveDeposits } from '../../features/wallet/api/deposit-address.ts';
import { browserTimezone, useDepositRecords } from '../../features/wallet/api/deposit-records.ts';
import { PagedList } from '../../features/wallet/components/paged-list.tsx';
import { DepositRecordItem } from '../../features/wallet/components/records.tsx';
import { Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';

export function Page() {
  const { t } = useTranslation();
  const records = useDepositRecords();
  useLiveDeposits();
  return (
    <WalletPage title="pages.deposit.record">
      <Notice>{t('wallet.timesIn', { timezone: browserTimezone() })}</Notice>
      <PagedList query={records} testId="deposit-records" render={(record) => <DepositRecordItem record={record} />} />
    </WalletPage>
  );
}
