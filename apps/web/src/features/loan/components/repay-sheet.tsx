import { type LoanDetail, loanRepayBody } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailable } from '../../../shared/balances.ts';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { type RepayBody, usePreview, useRepay } from '../api/loans.ts';
import { decimalPlaces, moreThan, utcToday } from '../terms.ts';
import styles from './loan.module.css';
import { OwedSplit } from './owed-split.tsx';

const fields = loanRepayBody.pick({ amount: true });

/** Repaying any part of a loan today: what it settles (penalty, interest, then principal). */
export function RepaySheet({ loan, onClose }: { loan: LoanDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const repay = useRepay();
  const attempts = useIdempotentAttempt<RepayBody>();
  const { currency } = loan;
  const [amount, setAmount] = useState(loan.owed.total);
  const [submitted, setSubmitted] = useState(false);
  const available = useAvailable(currency, true);
  const decimals = money.decimalsOf(currency);

  const errors = contractErrors(fields, { amount: amount.trim() }, t);
  if (!errors.amount && decimalPlaces(amount) > decimals) {
    errors.amount = t('errors.LOAN_REPAY_PRECISION', { currency, decimals });
  } else if (!errors.amount && moreThan(amount, loan.owed.total)) {
    errors.amount = t('errors.LOAN_REPAY_TOO_MUCH', { owed: money.number(loan.owed.total, currency), currency });
  }
  const valid = Object.keys(errors).length === 0;
  const preview = usePreview(loan.id, amount.trim(), utcToday(), valid);
  const shown = submitted ? errors : {};

  async function submit() {
    setSubmitted(true);
    if (!valid) return;
    if (!(await attempts.send(repay.mutateAsync, { id: loan.id, amount: amount.trim() }))) return;
    toast(t('loan.repaid'));
    onClose();
  }

  return (
    <Sheet open onClose={onClose} title={t('loan.repayTitle', { name: loan.name })} testId="repay-sheet">
      <form
        className={card.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className={card.field}>
          <span className={card.label}>{t('loan.repayAmount', { currency })}</span>
          <input
            className={`${card.input} ${shown.amount ? card.inputInvalid : ''}`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(shown.amount)}
          />
          {shown.amount && <p className={card.error}>{shown.amount}</p>}
          <span className={card.hint} data-testid="repay-available">
            {t('loan.available', { amount: available ? money.amount(available, currency) : '--' })} ·{' '}
            <button type="button" className={styles.textButton} onClick={() => setAmount(loan.owed.total)}>
              {t('loan.payAll')}
            </button>
          </span>
        </label>
        <span className={card.label}>{t('loan.settles')}</span>
        {preview.data && valid ? (
          <OwedSplit owed={preview.data.paid} currency={currency} testId="repay-split" />
        ) : (
          <span className={card.hint}>--</span>
        )}
        <p className={card.notice}>{t('loan.repayOrder')}</p>
        <Button block type="submit" color="primary" size="large" loading={repay.isPending}>
          {t('loan.repay')}
        </Button>
      </form>
    </Sheet>
  );
}
