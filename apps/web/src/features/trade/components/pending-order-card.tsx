import { directions, type Order } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { kindOf } from '../ticket.ts';
import { useTradeFormat } from '../use-trade-format.ts';
import styles from './trade.module.css';

/** The price an order waits for, as the member set it: limit, stop (or trailed stop), or none for a market order. */
export function orderPriceText(order: Order, format: ReturnType<typeof useTradeFormat>) {
  const parts = [order.stopPrice, order.limitPrice].filter((price): price is string => price !== null);
  return parts.length ? parts.map((price) => format.price(price, order.market)).join(' / ') : '--';
}

/** One waiting order at the top of my holdings: what it is, what it waits for; tapping opens it. */
export function PendingOrderCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const long = order.direction === directions.buy;
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="pending-order" data-order={order.id}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.name}>{order.name}</h3>
          <p className={styles.sub}>
            {order.symbol} · {t(`trading.types.${kindOf(order)}`)} · {t(`trading.tif.${order.timeInForce}`)}
          </p>
        </div>
        <span className={styles.tags}>
          <span className={`${styles.tag} ${long ? styles.tagBuy : styles.tagSell}`}>
            {t(`trading.side.${order.direction}`)}
          </span>
          <span className={`${styles.tag} ${styles.tagWait}`} data-testid="order-waiting">
            {t(order.waitingFor === 'review' ? 'trading.status.review' : 'trading.status.pending')}
          </span>
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('trading.fields.quantity')}</dt>
          <dd>{format.shares(order.quantity)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.orderPrice')}</dt>
          <dd data-testid="order-price">{orderPriceText(order, format)}</dd>
        </div>
        <div>
          <dt>{t('trading.fields.createdAt')}</dt>
          <dd>{format.time(order.createdAt)}</dd>
        </div>
      </dl>
    </button>
  );
}
