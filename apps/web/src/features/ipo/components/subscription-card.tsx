import { type IpoSubscription, ipoSubscriptionStatuses } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import ipo from './ipo.module.css';

const styles = { ...card, ...ipo };

const statusTag: Record<number, string> = {
  [ipoSubscriptionStatuses.awaiting]: styles.tagWarning ?? '',
  [ipoSubscriptionStatuses.allotted]: styles.tagSuccess ?? '',
  [ipoSubscriptionStatuses.listed]: styles.tagSuccess ?? '',
};

/** One of my subscriptions with every field of the product's (docs/product.md) IPO subscription and, once allotted, the money. */
export function SubscriptionCard({
  subscription: s,
  onCancel,
  onReconfirm,
  onQuote,
}: {
  subscription: IpoSubscription;
  onCancel?: () => void;
  onReconfirm?: () => void;
  /** Listed: the shares trade, open their quote. */
  onQuote?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const shares = (count: number) => formatNumber(String(count), i18n.language, 0);
  const { currency } = s;
  return (
    <article className={styles.card} data-testid="ipo-subscription" data-status={s.status}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>
            {s.name} · {s.symbol}
          </h2>
          <p className={styles.sub}>{t('ipo.subscriptionNumber', { id: s.id })}</p>
        </div>
        <span className={`${styles.tag} ${statusTag[s.status] ?? ''}`} data-testid="ipo-subscription-status">
          {t(`ipo.status.${s.status}`)}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('ipo.subscriptionPrice')}</dt>
          <dd>{money.amount(s.price, currency)}</dd>
        </div>
        <div>
          <dt>{t('ipo.subscriptionQuantity')}</dt>
          <dd>{t('ipo.lotsShares', { lots: s.lots, shares: s.quantity })}</dd>
        </div>
        <div>
          <dt>{t('ipo.totalAmount')}</dt>
          <dd data-testid="ipo-subscription-amount">{money.amount(s.amount, currency)}</dd>
        </div>
        <div>
          <dt>{t('ipo.issuePrice')}</dt>
          <dd>{s.issuePrice ? money.amount(s.issuePrice, currency) : t('ipo.notPriced')}</dd>
        </div>
        <div>
          <dt>{t('ipo.issueAmount')}</dt>
          <dd>{money.amount(s.issueAmount, currency)}</dd>
        </div>
        <div>
          <dt>{t('ipo.sharesIssued')}</dt>
          <dd>{shares(s.sharesOffered)}</dd>
        </div>
        <div>
          <dt>{t('ipo.subscriptionTime')}</dt>
          <dd>{money.time(s.subscribedAt)}</dd>
        </div>
        <div>
          <dt>{t('ipo.expiration')}</dt>
          <dd>{money.time(s.endTime)}</dd>
        </div>
        <div>
          <dt>{t('ipo.auditTime')}</dt>
          <dd>{s.auditTime ? money.time(s.auditTime) : t('ipo.status.0')}</dd>
        </div>
        <div>
          <dt>{t('ipo.listingDate')}</dt>
          <dd>{money.time(s.listingTime)}</dd>
        </div>
        {s.allottedQuantity !== null && (
          <div>
            <dt>{t('ipo.allottedShares')}</dt>
            <dd data-testid="ipo-subscription-allotted">{shares(s.allottedQuantity)}</dd>
          </div>
        )}
        {s.paid !== null && (
          <div>
            <dt>{t('ipo.paid')}</dt>
            <dd>{money.amount(s.paid, currency)}</dd>
          </div>
        )}
        {s.refund !== null && (
          <div>
            <dt>{t('ipo.refund')}</dt>
            <dd data-testid="ipo-subscription-refund">{money.amount(s.refund, currency)}</dd>
          </div>
        )}
      </dl>
      {s.needsReconfirm && <p className={styles.notice}>{t('ipo.reconfirmNote')}</p>}
      {(onCancel || onReconfirm || onQuote) && (
        <div className={styles.actions}>
          {onCancel && (
            <Button size="small" onClick={onCancel}>
              {t('ipo.cancel')}
            </Button>
          )}
          {onReconfirm && (
            <Button size="small" color="primary" onClick={onReconfirm}>
              {t('ipo.reconfirm')}
            </Button>
          )}
          {onQuote && (
            <Button size="small" color="primary" fill="outline" onClick={onQuote}>
              {t('ipo.quote')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
