import { RequestError } from '@soar/client';
import type { LoanDetail } from '@soar/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/money-format.ts';
import card from '../../../shared/ui/product-card.module.css';
import { usePreview } from '../api/loans.ts';
import { addDays, utcToday } from '../terms.ts';
import { OwedSplit } from './owed-split.tsx';
import { Row } from './row.tsx';

const amountPattern = /^\d{1,16}(\.\d{1,8})?$/;

/**
 * The repayment simulator: pay an amount (everything owed when empty) on a day, and see what is
 * owed then, what the payment settles and what is left (`GET loan/repayment/preview`).
 */
export function Simulator({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const today = utcToday();
  const [date, setDate] = useState(loan.dueDate && loan.dueDate > today ? loan.dueDate : today);
  const [amount, setAmount] = useState('');
  const typed = amount.trim();
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(date) && (typed === '' || amountPattern.test(typed));
  const preview = usePreview(loan.id, typed, date, ready);
  const { currency } = loan;
  const failure = preview.error instanceof RequestError ? (preview.error.messages[0] ?? preview.error.message) : null;
  const result = preview.isError ? undefined : preview.data;

  return (
    <div className={card.card} data-testid="loan-simulator">
      <h2 className={card.name}>{t('loan.simulator')}</h2>
      <p className={card.sub}>{t('loan.simulatorHint')}</p>
      <label className={card.field}>
        <span className={card.label}>{t('loan.payOn')}</span>
        <input
          className={card.input}
          type="date"
          name="date"
          value={date}
          min={today}
          max={addDays(today, 366)}
          onChange={(event) => setDate(event.target.value)}
        />
      </label>
      <label className={card.field}>
        <span className={card.label}>{t('loan.payAmount', { currency })}</span>
        <input
          className={`${card.input} ${failure || !ready ? card.inputInvalid : ''}`}
          name="simulatedAmount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          placeholder={t('loan.payEverything')}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      {failure && <p className={card.error}>{failure}</p>}
      {!ready && <p className={card.error}>{t('validation.amount')}</p>}
      {result && !failure && (
        <>
          <Row label={t('loan.owedThatDay')} strong testId="simulated-owed">
            {money.amount(result.owed.total, currency)}
          </Row>
          <OwedSplit owed={result.owed} currency={currency} />
          <Row label={t('loan.settles')} strong testId="simulated-paid">
            {money.amount(result.paid.total, currency)}
          </Row>
          <OwedSplit owed={result.paid} currency={currency} testId="simulated-split" />
          <Row label={t('loan.leftAfter')} strong testId="simulated-left">
            {money.amount(result.left.total, currency)}
          </Row>
          {result.overdue && <p className={`${card.notice} ${card.noticeAlert}`}>{t('loan.overdueThatDay')}</p>}
        </>
      )}
    </div>
  );
}
