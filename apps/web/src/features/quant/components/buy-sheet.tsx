import { type QuantFund, quantBuyBody } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailable } from '../../../shared/balances.ts';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { PayPasswordField } from '../../../shared/ui/pay-password-field.tsx';
import styles from '../../../shared/ui/product-card.module.css';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { type BuyBody, useBuyFund } from '../api/buy.ts';
import { above, below, estimatedProfit } from '../estimate.ts';

const fields = quantBuyBody.pick({ amount: true, payPassword: true });

/**
 * Buying a fund: the amount (a whole number from the fund's minimum, the product's (docs/product.md) {min}), what it may
 * earn over the cycle, the available balance and the pay password. Errors show after the first
 * submit and follow every change.
 */
export function BuySheet({
  fund,
  hasPayPassword,
  onClose,
  onBought,
}: {
  fund: QuantFund;
  hasPayPassword: boolean;
  onClose: () => void;
  onBought: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const buy = useBuyFund();
  const attempts = useIdempotentAttempt<BuyBody>();
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const available = useAvailable(fund.currency, true);
  const { currency } = fund;

  const errors = contractErrors(fields, { amount: amount.trim(), payPassword }, t);
  if (!errors.amount && below(amount, fund.minAmount)) {
    errors.amount = t('errors.QUANT_BELOW_MINIMUM', { min: money.number(fund.minAmount, currency), currency });
  } else if (!errors.amount && fund.maxAmount && above(amount, fund.maxAmount)) {
    errors.amount = t('errors.QUANT_ABOVE_MAXIMUM', { max: money.number(fund.maxAmount, currency), currency });
  }
  const shown = submitted ? errors : {};
  const decimals = money.decimalsOf(currency);
  const estimate =
    !errors.amount &&
    `${money.amount(estimatedProfit(amount, fund.dailyRateMin, fund.cycleDays, decimals), currency)} – ${money.amount(
      estimatedProfit(amount, fund.dailyRateMax, fund.cycleDays, decimals),
      currency,
    )}`;

  async function submit() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !hasPayPassword) return;
    if (!(await attempts.send(buy.mutateAsync, { fundId: fund.id, amount: amount.trim(), payPassword }))) return;
    toast(t('quant.bought'));
    onBought();
  }

  return (
    <Sheet open onClose={onClose} title={t('quant.buyTitle', { name: fund.name })} testId="buy-sheet">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className={styles.field}>
          <span className={styles.label}>{t('quant.amount', { currency })}</span>
          <input
            className={`${styles.input} ${shown.amount ? styles.inputInvalid : ''}`}
            inputMode="numeric"
            autoComplete="off"
            name="amount"
            value={amount}
            placeholder={t('quant.amountPlaceholder', { min: money.number(fund.minAmount, currency) })}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(shown.amount)}
          />
          {shown.amount && <p className={styles.error}>{shown.amount}</p>}
          <span className={styles.hint} data-testid="buy-available">
            {t('quant.available', { amount: available ? money.amount(available, currency) : '--' })}
          </span>
        </label>
        <div className={styles.row}>
          <span className={styles.rowLabel}>{t('quant.estimatedProfit')}</span>
          <span className={`${styles.rowValue} ${styles.gain}`} data-testid="buy-estimate">
            {estimate || '--'}
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.rowLabel}>{t('quant.cycle')}</span>
          <span className={styles.rowValue}>{t('quant.cycleDays', { count: fund.cycleDays })}</span>
        </div>
        <p className={styles.notice}>{t('quant.payoutNote', { count: fund.cycleDays })}</p>
        <PayPasswordField
          hasPayPassword={hasPayPassword}
          value={payPassword}
          onChange={setPayPassword}
          error={shown.payPassword}
          missing={t('quant.noPayPassword')}
        />
        <Button block type="submit" color="primary" size="large" loading={buy.isPending} disabled={!hasPayPassword}>
          {t('quant.buy')}
        </Button>
      </form>
    </Sheet>
  );
}
