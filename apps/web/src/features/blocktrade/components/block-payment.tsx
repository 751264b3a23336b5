import { blockOrderBody } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { PayPasswordField } from '../../../shared/ui/pay-password-field.tsx';
import styles from '../../../shared/ui/product-card.module.css';
import { quantityProblem } from '../../trade/index.ts';
import { type BlockOrderBody, useOffer, usePlaceBlockOrder, usePreview } from '../api/blocktrade.ts';
import { OfferCard } from './offer-card.tsx';

const fields = blockOrderBody.pick({ payPassword: true });

/**
 * Paying for a block order on `/pages/payment/stock?offer=<id>`: the quantity (at least the
 * offer's minimum, a multiple of the board lot, at most what is left), the server's price, fee and
 * total for it, the available balance and the pay password.
 */
export function BlockPayment({
  offerId,
  hasPayPassword,
  onPlaced,
}: {
  offerId: number;
  hasPayPassword: boolean;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const offer = useOffer(offerId).data;
  const [quantity, setQuantity] = useState<string | undefined>(undefined);
  const [payPassword, setPayPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const place = usePlaceBlockOrder();
  const attempts = useIdempotentAttempt<BlockOrderBody>();
  const text = quantity ?? String(offer?.minQuantity ?? '');
  // The trade ticket's rule: whole shares in digits, a multiple of the lot; the offer's minimum and what is left are the server's.
  const problem = offer ? quantityProblem(text, offer.lotSize) : undefined;
  const count = Number(text.trim());
  const valid = offer !== undefined && problem === undefined;
  const asked = valid ? count : undefined;
  const preview = usePreview(offer ? offerId : undefined, asked);
  if (!offer) return null;

  const { currency } = offer;
  const errors = contractErrors(fields, { payPassword }, t);
  const quantityError = problem
    ? t(problem.key, problem.params)
    : preview.error instanceof Error
      ? preview.error.message
      : undefined;
  const shown = submitted ? errors : {};
  const figures = valid && preview.data?.quantity === count && !preview.isError ? preview.data : undefined;

  async function submit() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !hasPayPassword || !valid || !offer) return;
    if (!(await attempts.send(place.mutateAsync, { offerId: offer.id, quantity: count, payPassword }))) return;
    toast(t('blocktrade.placed'));
    onPlaced();
  }

  const row = (label: string, value: string | undefined, testId?: string) => (
    <div className={styles.row}>
      <span className={styles.rowLabel}>{label}</span>
      <span className={styles.rowValue} data-testid={testId}>
        {value ? money.amount(value, currency) : '--'}
      </span>
    </div>
  );

  return (
    <>
      <OfferCard offer={offer} />
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        data-testid="block-payment"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className={styles.field}>
          <span className={styles.label}>{t('blocktrade.quantityLabel', { lot: offer.lotSize })}</span>
          <input
            className={`${styles.input} ${quantityError ? styles.inputInvalid : ''}`}
            inputMode="numeric"
            name="quantity"
            autoComplete="off"
            value={text}
            onChange={(event) => setQuantity(event.target.value)}
            aria-invalid={Boolean(quantityError)}
          />
          {quantityError && <p className={styles.error}>{quantityError}</p>}
        </label>
        {row(t('blocktrade.price'), figures?.price, 'block-pay-price')}
        {row(t('blocktrade.fee'), figures?.fee, 'block-pay-fee')}
        {row(t('blocktrade.total'), figures?.total, 'block-pay-total')}
        {row(t('blocktrade.available'), figures?.available)}
        {row(t('blocktrade.availableAfter'), figures?.availableAfter)}
        <p className={styles.notice}>{t('blocktrade.reviewNote')}</p>
        <PayPasswordField
          hasPayPassword={hasPayPassword}
          value={payPassword}
          onChange={setPayPassword}
          error={shown.payPassword}
          missing={t('blocktrade.noPayPassword')}
        />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={place.isPending}
          disabled={!hasPayPassword || offer.status !== 'open' || !figures}
        >
          {t('blocktrade.submit')}
        </Button>
      </form>
    </>
  );
}
