import type { IpoOffer } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { FallbackMark } from '../../../shared/ui/fallback-mark.tsx';
import card from '../../../shared/ui/product-card.module.css';
import ipo from './ipo.module.css';

const styles = { ...card, ...ipo };

const stateTag = {
  open: styles.tagSuccess,
  upcoming: styles.tagWarning,
  closed: '',
  allotted: '',
  listed: '',
} as const;

/** One IPO offer with every field a subscriber needs (docs/ipo.md, Offers). */
export function OfferCard({ offer, onSubscribe }: { offer: IpoOffer; onSubscribe?: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { currency } = offer;
  const range =
    offer.priceMin === offer.priceMax
      ? money.amount(offer.priceMin, currency)
      : `${money.number(offer.priceMin, currency)} – ${money.amount(offer.priceMax, currency)}`;
  return (
    <article className={styles.card} data-testid="ipo-card" data-offer={offer.id}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.name}>
            {offer.name} · {offer.symbol}
          </h2>
          <p className={styles.sub}>{t('ipo.marketCurrency', { market: offer.market, currency })}</p>
        </div>
        <span className={`${styles.tag} ${stateTag[offer.state]}`}>{t(`ipo.states.${offer.state}`)}</span>
      </div>
      {offer.description && (
        <p className={styles.notice}>
          <span lang={offer.language}>{offer.description}</span>
          <FallbackMark fallback={offer.fallback} />
        </p>
      )}
      <div className={styles.highlight}>
        <span className={styles.big}>{offer.finalPrice ? money.amount(offer.finalPrice, currency) : range}</span>
        <span className={styles.caption}>
          {offer.finalPrice || offer.priceMin === offer.priceMax ? t('ipo.issuePrice') : t('ipo.priceRange')}
        </span>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('ipo.subscriptionPrice')}</dt>
          <dd>{money.amount(offer.subscriptionPrice, currency)}</dd>
        </div>
        <div>
          <dt>{t('ipo.lotSize')}</dt>
          <dd>{t('ipo.sharesPerLot', { count: offer.lotSize })}</dd>
        </div>
        <div>
          <dt>{t('ipo.lotsRange')}</dt>
          <dd>
            {offer.minLots} – {offer.maxLots}
          </dd>
        </div>
        <div>
          <dt>{t('ipo.fee')}</dt>
          <dd>{money.amount(offer.fee, currency)}</dd>
        </div>
        <div>
          <dt>{t('ipo.sharesIssued')}</dt>
          <dd>{formatNumber(String(offer.sharesOffered), i18n.language, 0)}</dd>
        </div>
        <div>
          <dt>{t('ipo.issueAmount')}</dt>
          <dd>{money.amount(offer.issueAmount, currency)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('ipo.window')}</dt>
          <dd>
            {/* Each end on its own whole: a time never breaks between its date and its hour. */}
            <span className={styles.nowrap}>{money.time(offer.startTime)}</span> –{' '}
            <span className={styles.nowrap}>{money.time(offer.endTime)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('ipo.expiration')}</dt>
          <dd>{money.time(offer.endTime)}</dd>
        </div>
        <div>
          <dt>{t('ipo.allotmentTime')}</dt>
          <dd>{money.time(offer.allotmentTime)}</dd>
        </div>
        <div>
          <dt>{t('ipo.listingDate')}</dt>
          <dd>{money.time(offer.listingTime)}</dd>
        </div>
        <div>
          <dt>{t('ipo.applications')}</dt>
          <dd>{t('ipo.applicationsValue', { count: offer.applications, lots: offer.subscribedLots })}</dd>
        </div>
        {offer.allottedLots !== null && (
          <div>
            <dt>{t('ipo.allottedLots')}</dt>
            <dd>{offer.allottedLots}</dd>
          </div>
        )}
      </dl>
      <p className={`${styles.hint} ${styles.seed}`} data-testid="ipo-seed">
        {offer.seed ? t('ipo.seedRevealed', { seed: offer.seed }) : t('ipo.seedCommitted', { hash: offer.seedHash })}
      </p>
      {onSubscribe && (
        <div className={styles.actions}>
          <Button size="small" color="primary" disabled={offer.state !== 'open'} onClick={onSubscribe}>
            {t('ipo.subscribe')}
          </Button>
        </div>
      )}
    </article>
  );
}
