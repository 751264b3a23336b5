import { useTranslation } from 'react-i18next';
import { InfiniteList } from '../../../shared/ui/infinite-list.tsx';
import { useBlockOrders } from '../api/blocktrade.ts';
import { OrderCard } from './order-card.tsx';

/** "My block orders": every block order with its review status and money. */
export function MyBlockOrders() {
  const { t } = useTranslation();
  const orders = useBlockOrders();
  return (
    <InfiniteList
      query={orders}
      testId="block-orders"
      texts={{
        empty: t('blocktrade.empty.orders'),
        more: t('blocktrade.more'),
        loading: t('blocktrade.loading'),
        error: t('blocktrade.loadError'),
        retry: t('blocktrade.retry'),
      }}
      render={(order) => <OrderCard order={order} />}
    />
  );
}
