import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { type TransactionFilter, useTransactions } from '../../features/wallet/api/transactions.ts';
import { PagedList } from '../../features/wallet/components/paged-list.tsx';
import { TransactionItem, transactionTypes } from '../../features/wallet/components/records.tsx';
import { SingleSelector } from '../../features/wallet/components/single-selector.tsx';
import { Card, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { useFormat } from '../../features/wallet/use-format.ts';

/** The member's journal lines (the spec spells the route "transcation"). */
export function Page() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TransactionFilter>({});
  const balances = useBalances();
  const lines = useTransactions(filter);
  const all = { label: t('wallet.all'), value: '' };
  return (
    <WalletPage title="pages.profile.transcation">
      <Card testId="balances">
        {balances.data?.list.map((item) => (
          <BalanceLine key={item.currency} currency={item.currency} available={item.available} />
        ))}
      </Card>
      <Card>
        <span className="wallet-row-label">{t('fields.type')}</span>
        <SingleSelector
          testId="filter-type"
          value={filter.type ?? ''}
          onChange={(type) => setFilter((current) => ({ ...current, type: type || undefined }))}
          options={[all, ...transactionTypes.map((type) => ({ label: t(`wallet.txType.${type}`), value: type }))]}
        />
        <span className="wallet-row-label">{t('fields.currency')}</span>
        <SingleSelector
          testId="filter-currency"
          value={filter.currency ?? ''}
          onChange={(currency) => setFilter((current) => ({ ...current, currency: currency || undefined }))}
          options={[
            all,
            ...(balances.data?.list ?? []).map((item) => ({ label: item.currency, value: item.currency })),
          ]}
        />
      </Card>
      <PagedList query={lines} testId="transactions" render={(line) => <TransactionItem line={line} />} />
    </WalletPage>
  );
}

function BalanceLine({ currency, available }: { currency: string; available: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="wallet-row" data-testid={`balance-${currency}`}>
      <span className="wallet-row-label">{currency}</span>
      <span className="wallet-row-value">{t('wallet.available', { amount: format.amount(available, currency) })}</span>
    </div>
  );
}
