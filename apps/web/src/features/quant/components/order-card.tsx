import { type QuantOrder, quantOrderStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../../shared/money-format.ts';
import styles from '../../../shared/ui/product-card.module.css';

/** One of my fund orders: profit so far, the latest fund day, progress through the cycle, payout. */
export function OrderCard({ order }: { order: QuantOrder }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = order;
  const ended = order.status === quantOrderStatuses.ended;
  return (
    <article className={styles.card} data-testid="quant-order" data-order={order.id}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>{order.fundName}</h2>
          <p className={styles.sub}>{t('quant.marketCurrency', { market: order.market, currency })}</p>
        </div>
        <span className={`${styles.tag} ${ended ? '' : styles.tagSuccess}`}>
          {t(`quant.orderStatus.${order.status}`)}
        </span>
      </div>
      <div className={styles.highlight}>
        <span className={styles.big} data-testid="order-profit">
          {money.amount(order.accruedProfit, currency, { sign: true })}
        </span>
        <span className={styles.caption}>{t('quant.accruedProfit')}</span>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('quant.progress', { done: order.accruedDays, total: order.cycleDays })}
        aria-valuemin={0}
        aria-valuemax={order.cycleDays}
        aria-valuenow={order.accruedDays}
      >
        <div className={styles.progressBar} style={{ width: `${(order.accruedDays / order.cycleDays) * 100}%` }} />
      </div>
      <span className={styles.caption}>{t('quant.progress', { done: order.accruedDays, total: order.cycleDays })}</span>
      <dl className={styles.grid}>
        <div>
          <dt>{t('quant.principal')}</dt>
          <dd>{money.amount(order.amount, currency)}</dd>
        </div>
        <div>
          <dt>{t('quant.lastProfit')}</dt>
          <dd data-testid="order-last-profit">
            {order.lastProfit && order.lastRate && order.lastDate ? (
              <>
                <span className={styles.gain}>{money.amount(order.lastProfit, currency, { sign: true })}</span>
                <br />
                <span className={styles.caption}>
                  {t('quant.rateOn', { rate: money.rate(order.lastRate), date: money.day(order.lastDate) })}
                </span>
              </>
            ) : (
              t('quant.noProfitYet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('quant.startTime')}</dt>
          <dd>{money.time(order.startTime)}</dd>
        </div>
        <div>
          <dt>{t('quant.endTime')}</dt>
          <dd>{money.time(order.endTime)}</dd>
        </div>
        <div>
          <dt>{t('quant.estimatedProfit')}</dt>
          <dd>
            {money.amount(order.estimatedProfitMin, currency)} – {money.amount(order.estimatedProfitMax, currency)}
          </dd>
        </div>
        <div>
          <dt>{t('quant.dailyRange')}</dt>
          <dd>
            {money.rate(order.dailyRateMin)} – {money.rate(order.dailyRateMax)}
          </dd>
        </div>
        {ended && order.payout && (
          <div>
            <dt>{t('quant.payoutAmount')}</dt>
            <dd data-testid="order-payout">{money.amount(order.payout, currency)}</dd>
          </div>
        )}
      </dl>
      <div className={styles.links}>
        <Link className={styles.link} to={`/pages/quantify/history?orderId=${order.id}`}>
          {t('quant.dailyProfits')}
        </Link>
        <Link className={styles.link} to={`/pages/quantify/bak?id=${order.fundId}`}>
          {t('quant.record')}
        </Link>
      </div>
    </article>
  );
}
