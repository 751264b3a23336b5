import { RequestError } from '@soar/client';
import { type LoanProduct, loanApplyBody } from '@soar/contract';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useMoney } from '../../../shared/money-format.ts';
import { guardLoginPath } from '../../../shared/navigation.ts';
import card from '../../../shared/ui/product-card.module.css';
import { type ApplyBody, uploadSignature, useApplyLoan } from '../api/apply.ts';
import { clearLoanDraft, readLoanDraft, saveLoanDraft } from '../draft.ts';
import { kycPath, loanContractPath } from '../paths.ts';
import { loanTerms, outside } from '../terms.ts';
import styles from './loan.module.css';
import { Row } from './row.tsx';
import { SignatureField, type SignatureHandle } from './signature-field.tsx';

const fields = loanApplyBody.pick({ amount: true, agree: true });

/**
 * The application: a whole amount within the product's range, the key terms it leads to, the
 * contract to read and accept, and a drawn signature (docs/product.md section 5: an integer amount and a
 * signature are required). Errors show after the first submit and follow every change.
 */
export function ApplyForm({ product, isLogined }: { product: LoanProduct; isLogined: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const apply = useApplyLoan();
  const attempts = useIdempotentAttempt<ApplyBody>();
  const signature = useRef<SignatureHandle>(null);
  // Back from the contract: the choices made before it was opened.
  const [draft] = useState(() => {
    const kept = readLoanDraft();
    return kept?.productId === product.id ? kept : undefined;
  });
  useEffect(clearLoanDraft, []);
  const [amount, setAmount] = useState(draft?.amount ?? '');
  const [agree, setAgree] = useState(draft?.agree ?? false);
  const [inked, setInked] = useState((draft?.strokes.length ?? 0) > 0);
  const [uploaded, setUploaded] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const { currency } = product;

  const errors = contractErrors(fields, { amount: amount.trim(), agree: agree || undefined }, t);
  if (!errors.amount && outside(amount, product.minAmount, product.maxAmount)) {
    errors.amount = t('errors.LOAN_AMOUNT_OUT_OF_RANGE', {
      min: money.number(product.minAmount, currency),
      max: money.number(product.maxAmount, currency),
      currency,
    });
  }
  if (!inked) errors.signature = t('validation.signature');
  if (!agree) errors.agree = t('validation.agree');
  const shown = submitted ? errors : {};
  const terms = errors.amount ? undefined : loanTerms(product, amount.trim(), money.decimalsOf(currency));

  async function submit() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (!isLogined) {
      navigate(`${guardLoginPath}?redirect=${encodeURIComponent('/pages/borrow/index')}`);
      return;
    }
    setSending(true);
    try {
      const id = uploaded ?? (await uploadSignature(await (signature.current?.toPng() ?? Promise.reject())))?.id;
      setUploaded(id);
      const body: ApplyBody = { productId: product.id, amount: amount.trim(), signature: id, agree: true };
      const loan = await apply.mutateAsync(attempts.attempt(body));
      attempts.succeeded();
      toast(t('loan.applied'));
      navigate(`/pages/borrow/detail?id=${loan.id}`);
    } catch (error) {
      if (error instanceof RequestError && error.code === 'KYC_REQUIRED') {
        const verify = await confirm({
          title: t('loan.kycTitle'),
          content: error.messages[0] ?? error.message,
          confirmText: t('loan.kycLink'),
        });
        if (verify) navigate(kycPath);
      } else if (error instanceof RequestError) {
        for (const message of error.messages.length > 0 ? error.messages : [error.message]) toast(message, 2000);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="loan-apply"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={card.card}>
        <label className={card.field}>
          <span className={card.label}>{t('loan.amount', { currency })}</span>
          <input
            className={`${card.input} ${shown.amount ? card.inputInvalid : ''}`}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            placeholder={t('loan.range', {
              min: money.number(product.minAmount, currency),
              max: money.number(product.maxAmount, currency),
            })}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(shown.amount)}
          />
          {shown.amount && <p className={card.error}>{shown.amount}</p>}
        </label>
      </div>

      <div className={card.card} data-testid="loan-terms">
        <h2 className={card.name}>{t('loan.keyTerms')}</h2>
        <Row label={t('loan.amountLabel')}>{terms ? money.amount(amount.trim(), currency) : '--'}</Row>
        <Row label={t('loan.cycle')}>{t('loan.cycleDays', { count: product.cycleDays })}</Row>
        <Row label={t('loan.dailyInterest')}>
          {terms
            ? t('loan.rateAndAmount', {
                rate: money.rate(product.dailyInterestRate),
                amount: money.amount(terms.dailyInterest, currency),
              })
            : money.rate(product.dailyInterestRate)}
        </Row>
        <Row label={t('loan.dailyPenalty')}>
          {terms
            ? t('loan.rateAndAmount', {
                rate: money.rate(product.dailyPenaltyRate),
                amount: money.amount(terms.dailyPenalty, currency),
              })
            : money.rate(product.dailyPenaltyRate)}
        </Row>
        <Row label={t('loan.dueDate')}>{terms ? t('loan.dueIfToday', { date: money.day(terms.dueDate) }) : '--'}</Row>
        <Row label={t('loan.totalToRepay')} strong testId="loan-total">
          {terms ? money.amount(terms.total, currency) : '--'}
        </Row>
        <p className={card.notice}>{t('loan.termsNote')}</p>
      </div>

      <div className={card.card}>
        <h2 className={card.name}>{t('loan.contract')}</h2>
        <Link
          className={styles.link}
          to={loanContractPath}
          data-testid="loan-contract-link"
          onClick={() =>
            saveLoanDraft({ productId: product.id, amount, agree, strokes: signature.current?.strokes() ?? [] })
          }
        >
          {t('loan.readContract')}
        </Link>
        <label className={styles.check}>
          <input type="checkbox" name="agree" checked={agree} onChange={(event) => setAgree(event.target.checked)} />
          <span>{t('loan.agree')}</span>
        </label>
        {shown.agree && <p className={card.error}>{shown.agree}</p>}
        <span className={card.label}>{t('loan.signature')}</span>
        <SignatureField
          ref={signature}
          initialStrokes={draft?.strokes}
          invalid={Boolean(shown.signature)}
          onInk={(value) => {
            setInked(value);
            setUploaded(undefined);
          }}
        />
        {shown.signature && <p className={card.error}>{shown.signature}</p>}
      </div>

      <Button block type="submit" color="primary" size="large" loading={sending}>
        {isLogined ? t('loan.apply') : t('loan.loginToApply')}
      </Button>
    </form>
  );
}
