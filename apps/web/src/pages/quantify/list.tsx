import { quantOrderStatuses } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrders } from '../../features/quant/api/orders.ts';
import { OrderCard } from '../../features/quant/components/order-card.tsx';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Segments } from '../../shared/ui/segments.tsx';

const tabs = ['inProgress', 'ended'] as const;

/** My fund orders, in progress or ended, each with its profit so far and latest daily profit. */
export function Page() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof tabs)[number]>('inProgress');
  const orders = useOrders(quantOrderStatuses[tab]);
  return (
    <PageFrame
      title="pages.quantify.list"
      links={
        <Link className={pageLinkClass} to="/pages/quantify/history">
          {t('quant.dailyProfits')}
        </Link>
      }
    >
      <Segments
        label={t('quant.statusLabel')}
        value={tab}
        onChange={setTab}
        options={tabs.map((value) => ({ value, label: t(`quant.orderStatus.${quantOrderStatuses[value]}`) }))}
      />
      <PagedList
        query={orders}
        testId="quant-orders"
        empty={t('quant.empty.orders')}
        render={(order) => <OrderCard order={order} />}
      />
    </PageFrame>
  );
}
