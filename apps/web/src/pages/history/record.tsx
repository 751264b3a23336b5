import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveDeposits } from '../../features/wallet/api/deposit-address.ts';
import { useDepositRecords } from '../../features/wallet/api/deposit-records.ts';
import { useLiveWithdrawals, useWithdrawRecords } from '../../features/wallet/api/withdraw-records.ts';
import { DepositRecordItem, WithdrawRecordItem } from '../../features/wallet/components/records.tsx';
import { WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import type { PageProps } from '../../shared/page.ts';
import { PagedList } from '../../shared/ui/paged-list.tsx';

function Deposits() {
  const { t } = useTranslation();
  const records = useDepositRecords();
  useLiveDeposits();
  return (
    <PagedList
      query={records}
      testId="deposit-records"
      empty={t('wallet.empty')}
      render={(record) => <DepositRecordItem record={record} />}
    />
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  const records = useWithdrawRecords();
  useLiveWithdrawals();
  return (
    <PagedList
      query={records}
      testId="withdraw-records"
      empty={t('wallet.empty')}
      render={(record) => <WithdrawRecordItem record={record} />}
    />
  );
}

export function Page({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = query.tab === 'withdraw' ? 'withdraw' : 'deposit';
  return (
    <WalletPage title="pages.history.record">
      <Tabs activeKey={tab} onChange={(key) => navigate(`/pages/history/record?tab=${key}`, { replace: true })}>
        <Tabs.Tab key="deposit" title={t('wallet.deposits')}>
          <Deposits />
        </Tabs.Tab>
        <Tabs.Tab key="withdraw" title={t('wallet.withdrawals')}>
          <Withdrawals />
        </Tabs.Tab>
      </Tabs>
    </WalletPage>
  );
}
