import type { BlockOffer, Quote } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { useTopic } from '../../../shared/realtime/index.ts';
import card from '../../../shared/ui/product-card.module.css';
import block from './blocktrade.module.css';

const styles = { ...card, ...block };
const statusTag = { open: styles.tagSuccess, scheduled: styles.tagWarning, closed: '' } as const;

/** The last price of an offer's stock, live on its quote topic while an open offer is on screen. */
function useLastPrice(offer: BlockOffer): string | null {
  const [live, setLive] = useState<{ from: string | null; price: string } | null>(null);
  useTopic<Quote>(offer.status === 'open' ? `quote:${offer.symbol}` : null, (quote) =>
    setLive({ from: offer.lastPrice, price: quote.price }),
  );
  return live && live.from === offer.lastPrice ? live.price : offer.lastPrice;
}

/**
 * One block offer (docs/blocktrade.md): the block price, the live last price and the discount
 * between them (display only: the server prices every order), the window and the quantities.
 */
export function OfferCard({ offer, onOrder }: { offer: BlockOffer; onOrder?: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { currency } = offer;
  const last = useLastPrice(offer);
  const discount =
    offer.blockPrice && last && Number(last) > 0 ? String(1 - Number(offer.blockPrice) / Number(last)) : null;
  // `count` picks the plural form ("1 share"), `shares` is the number as the locale writes it.
  const shares = (count: number) =>
    t('blocktrade.shares', { count, shares: formatNumber(String(count), i18n.language, 0) });
  return (
    <article className={styles.card} data-testid="block-offer" data-offer={offer.id}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>
            {offer.name} · {offer.symbol}
          </h2>
          <p className={styles.sub}>{t('blocktrade.marketCurrency', { market: offer.market, currency })}</p>
        </div>
        <span className={`${styles.tag} ${statusTag[offer.status]}`}>{t(`blocktrade.status.${offer.status}`)}</span>
      </div>
      <div className={styles.highlight}>
        <span className={styles.big} data-testid="block-price">
          {offer.blockPrice ? money.amount(offer.blockPrice, currency) : '--'}
        </span>
        <span className={styles.caption}>
          {offer.discount
            ? t('blocktrade.discountOffer', { discount: money.rate(offer.discount, 2) })
            : t('blocktrade.fixedPrice')}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('blocktrade.lastPrice')}</dt>
          <dd>{last ? money.amount(last, currency) : '--'}</dd>
        </div>
        <div>
          <dt>{t('blocktrade.discountToLast')}</dt>
          <dd className={discount && Number(discount) > 0 ? styles.gain : undefined} data-testid="block-discount">
            {discount ? money.rate(discount, 2) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('blocktrade.quantityRange')}</dt>
          <dd>
            {formatNumber(String(offer.minQuantity), i18n.language, 0)} –{' '}
            {formatNumber(String(offer.maxQuantity), i18n.language, 0)}
          </dd>
        </div>
        <div>
          <dt>{t('blocktrade.remaining')}</dt>
          <dd>{shares(offer.remainingQuantity)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('blocktrade.window')}</dt>
          <dd>
            {money.time(offer.opensAt)} – {money.time(offer.closesAt)}
          </dd>
        </div>
      </dl>
      {onOrder && (
        <div className={styles.actions}>
          <Button
            size="small"
            color="primary"
            disabled={offer.status !== 'open' || offer.remainingQuantity < offer.minQuantity}
            onClick={onOrder}
          >
            {t('blocktrade.order')}
          </Button>
        </div>
      )}
    </article>
  );
}
