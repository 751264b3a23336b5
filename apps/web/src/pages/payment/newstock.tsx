import { ipoSubscribeBody } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { subscriptionAmount } from '../../features/ipo/amount.ts';
import { useMySubscription, useOffer } from '../../features/ipo/api/offers.ts';
import { type SubscribeBody, useReconfirm, useSubscribe } from '../../features/ipo/api/subscribe.ts';
import { OfferCard } from '../../features/ipo/components/offer-card.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { isWholeNumber } from '../../features/trade/ticket.ts';
import { useAvailable } from '../../shared/balances.ts';
import { contractErrors } from '../../shared/contract-errors.ts';
import { toast } from '../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../shared/idempotency.ts';
import { useMoney } from '../../shared/money-format.ts';
import { PageFrame, pageLinkClass } from '../../shared/ui/page-frame.tsx';
import { PayPasswordField } from '../../shared/ui/pay-password-field.tsx';
import styles from '../../shared/ui/product-card.module.css';
import { Spinner } from '../../shared/ui/spinner.tsx';

const fields = ipoSubscribeBody.pick({ payPassword: true });

/**
 * Paying for an IPO subscription: lots within the offer's range, the amount frozen (lots x lot
 * size x price + fee), the available balance and the pay password; `reconfirm=` keeps an
 * application at a final price outside the range.
 */
export function Page() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const reconfirmId = Number(params.get('reconfirm')) || undefined;
  const offerQuery = useOffer(id);
  const offer = offerQuery.data;
  const mine = useMySubscription(reconfirmId ? id : undefined).data;
  const subscribe = useSubscribe();
  const reconfirm = useReconfirm();
  const attempts = useIdempotentAttempt<SubscribeBody>();
  const reconfirmAttempts = useIdempotentAttempt<{ id: number; payPassword: string }>();
  const hasPayPassword = useSessionStore((session) => session.userInfo?.hasPayPassword === true);
  const [lots, setLots] = useState('1');
  const [payPassword, setPayPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const available = useAvailable(offer?.currency, Boolean(offer));

  if (!offer) {
    // Reached without an offer (no id, or one that does not exist): say where offers are chosen.
    const missing = !id || offerQuery.isError;
    return (
      <PageFrame title="pages.payment.newstock">
        {missing ? (
          <div className={styles.card} data-testid="ipo-payment-missing">
            <p className={styles.notice}>{t(id ? 'ipo.offerNotFound' : 'ipo.chooseOffer')}</p>
            <Link className={pageLinkClass} to="/pages/product/newstock">
              {t('ipo.toOffers')}
            </Link>
          </div>
        ) : (
          <Spinner delay={200} />
        )}
      </PageFrame>
    );
  }
  const { currency } = offer;
  const count = reconfirmId ? (mine?.lots ?? 0) : Number(lots.trim());
  const errors = contractErrors(fields, { payPassword }, t);
  if (!reconfirmId && !isWholeNumber(lots)) {
    errors.lots = t('ipo.wholeLots');
  } else if (!reconfirmId && (count < offer.minLots || count > offer.maxLots)) {
    errors.lots = t('errors.IPO_LOTS_OUT_OF_RANGE', { min: offer.minLots, max: offer.maxLots });
  }
  // The lots' reason shows as soon as it applies, since it keeps the submit disabled.
  const shown: Partial<Record<string, string>> = submitted ? errors : { lots: errors.lots };
  // Reconfirming re-freezes the application's own lots at the final price (the offer's subscription price once priced).
  const total =
    errors.lots || count === 0
      ? undefined
      : subscriptionAmount(count, offer.lotSize, offer.subscriptionPrice, offer.fee);

  async function submit() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !hasPayPassword || !offer) return;
    const sent = reconfirmId
      ? await reconfirmAttempts.send(reconfirm.mutateAsync, { id: reconfirmId, payPassword })
      : await attempts.send(subscribe.mutateAsync, { offerId: offer.id, lots: count, payPassword });
    if (!sent) return;
    toast(t(reconfirmId ? 'ipo.reconfirmed' : 'ipo.subscribed'));
    navigate('/pages/product/newstock?tab=mine');
  }

  return (
    <PageFrame title="pages.payment.newstock">
      <OfferCard offer={offer} />
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        data-testid="ipo-payment"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {reconfirmId && mine && (
          <>
            <p className={styles.notice}>{t('ipo.reconfirmNote')}</p>
            <div className={styles.row}>
              <span className={styles.rowLabel}>{t('ipo.subscriptionQuantity')}</span>
              <span className={styles.rowValue} data-testid="ipo-reconfirm-lots">
                {t('ipo.lotsShares', { lots: mine.lots, shares: mine.quantity })}
              </span>
            </div>
            <div className={styles.row}>
              <span className={styles.rowLabel}>{t('ipo.frozenNow')}</span>
              <span className={styles.rowValue}>{money.amount(mine.amount, currency)}</span>
            </div>
          </>
        )}
        {!reconfirmId && (
          <label className={styles.field}>
            <span className={styles.label}>{t('ipo.lotsLabel', { size: offer.lotSize })}</span>
            <input
              className={`${styles.input} ${shown.lots ? styles.inputInvalid : ''}`}
              inputMode="numeric"
              name="lots"
              autoComplete="off"
              value={lots}
              onChange={(event) => setLots(event.target.value)}
              aria-invalid={Boolean(shown.lots)}
            />
            {shown.lots && <p className={styles.error}>{shown.lots}</p>}
          </label>
        )}
        <div className={styles.row}>
          <span className={styles.rowLabel}>{t('ipo.totalAmount')}</span>
          <span className={styles.rowValue} data-testid="ipo-total">
            {total ? money.amount(total, currency) : '--'}
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.rowLabel}>{t('ipo.availableLabel')}</span>
          <span className={styles.rowValue} data-testid="ipo-available">
            {available ? money.amount(available, currency) : '--'}
          </span>
        </div>
        <p className={styles.notice}>{t('ipo.freezeNote')}</p>
        <PayPasswordField
          hasPayPassword={hasPayPassword}
          value={payPassword}
          onChange={setPayPassword}
          error={shown.payPassword}
          missing={t('ipo.noPayPassword')}
        />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={subscribe.isPending || reconfirm.isPending}
          disabled={!hasPayPassword || (!reconfirmId && (offer.state !== 'open' || errors.lots !== undefined))}
        >
          {reconfirmId ? t('ipo.reconfirm') : t('ipo.subscribe')}
        </Button>
      </form>
    </PageFrame>
  );
}
