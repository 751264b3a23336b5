import { type TransactionGroup, transactionGroupList } from '@soar/contract';
import { CapsuleTabs } from 'antd-mobile';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderSheetById } from '../../features/trade/components/order-by-id.tsx';
import { useBalances } from '../../features/wallet/api/balance.ts';
import { type TransactionFilter, useTransactions } from '../../features/wallet/api/transactions.ts';
import { TransactionItem } from '../../features/wallet/components/records.tsx';
import { Card, Row, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { useFormat } from '../../features/wallet/use-format.ts';
import { PagedList } from '../../shared/ui/paged-list.tsx';

const all = 'all';

/**
 * The member's journal lines (the spec spells the route "transcation"), filtered by type (a group
 * of ledger kinds: trading, IPOs, funds, loans ...) and currency; a line of an order opens it.
 */
export function Page() {
  const { t } = useTranslation();
  const format = useFormat();
  const [filter, setFilter] = useState<TransactionFilter>({});
  const [order, setOrder] = useState<number | null>(null);
  const balances = useBalances();
  const lines = useTransactions(filter);
  const held = balances.data?.list.filter((item) => !new Decimal(item.available).plus(item.frozen).isZero()) ?? [];
  return (
    <WalletPage title="pages.profile.transcation">
      <Card testId="balances">
        {held.map((item) => (
          <Row key={item.currency} label={item.currency} testId={`balance-${item.currency}`}>
            {t('wallet.available', { amount: format.amount(item.available, item.currency) })}
          </Row>
        ))}
      </Card>
      <div className="wallet-filter">
        <span className="wallet-row-label">{t('fields.type')}</span>
        <CapsuleTabs
          data-testid="filter-type"
          activeKey={filter.group ?? all}
          onChange={(group) =>
            setFilter((current) => ({ ...current, group: group === all ? undefined : (group as TransactionGroup) }))
          }
        >
          {[all, ...transactionGroupList].map((group) => (
            <CapsuleTabs.Tab key={group} title={t(group === all ? 'wallet.all' : `wallet.txGroup.${group}`)} />
          ))}
        </CapsuleTabs>
        <span className="wallet-row-label">{t('fields.currency')}</span>
        <CapsuleTabs
          data-testid="filter-currency"
          activeKey={filter.currency ?? all}
          onChange={(currency) =>
            setFilter((current) => ({ ...current, currency: currency === all ? undefined : currency }))
          }
        >
          {[all, ...(balances.data?.list ?? []).map((item) => item.currency)].map((currency) => (
            <CapsuleTabs.Tab key={currency} title={currency === all ? t('wallet.all') : currency} />
          ))}
        </CapsuleTabs>
      </div>
      <PagedList
        query={lines}
        testId="transactions"
        empty={t('wallet.empty')}
        render={(line) => <TransactionItem line={line} onOpenOrder={setOrder} />}
      />
      {order !== null && <OrderSheetById id={order} onClose={() => setOrder(null)} />}
    </WalletPage>
  );
}
