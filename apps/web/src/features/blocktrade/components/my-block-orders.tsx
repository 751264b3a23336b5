import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useBlockOrders } from '../api/blocktrade.ts';
import { OrderCard } from './order-card.tsx';

/** "My block orders": every block order with its review status and money. */
export function MyBlockOrders() {
  const { t } = useTranslation();
  const orders = useBlockOrders();
  return (
    <PagedList
      query={orders}
      testId="block-orders"
      empty={t('blocktrade.empty.orders')}
      render={(order) => <OrderCard order={order} />}
    />
  );
}
