import type { BlockOrder } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import block from './blocktrade.module.css';

const styles = { ...card, ...block };
const statusTag = { pending: styles.tagWarning, passed: styles.tagSuccess, refused: '', cancelled: '' } as const;

/** One of my block orders with its review status (the product's labels: pending, refused, passed). */
export function OrderCard({ order }: { order: BlockOrder }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { currency } = order;
  return (
    <article className={styles.card} data-testid="block-order" data-status={order.status}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>
            {order.name} · {order.symbol}
          </h2>
          <p className={styles.sub}>{t('blocktrade.orderNumber', { id: order.id })}</p>
        </div>
        <span className={`${styles.tag} ${statusTag[order.status]}`} data-testid="block-order-status">
          {t(`blocktrade.orderStatus.${order.status}`)}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('blocktrade.price')}</dt>
          <dd>{order.price ? money.amount(order.price, currency) : '--'}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.quantity')}</dt>
          <dd>{formatNumber(String(order.quantity), i18n.language, 0)}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.fee')}</dt>
          <dd>{order.fee ? money.amount(order.fee, currency) : '--'}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.orderTotal')}</dt>
          <dd data-testid="block-order-total">{order.total ? money.amount(order.total, currency) : '--'}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.createdAt')}</dt>
          <dd>{money.time(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.reviewedAt')}</dt>
          <dd>{order.reviewedAt ? money.time(order.reviewedAt) : '--'}</dd>
        </div>
      </dl>
      {order.refuseReason && (
        <p className={styles.reason}>
          {t('blocktrade.reason')}: {order.refuseReason}
        </p>
      )}
    </article>
  );
}
