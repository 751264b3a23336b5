import { transferBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { type TransferBody, useApplyTransfer } from '../api/transfer-apply.ts';
import { useTransferQuote } from '../api/transfer-quote.ts';
import type { Balances } from '../api/types.ts';
import { useFormat } from '../use-format.ts';
import { amountError, normaliseAmount } from '../validation.ts';
import { PayPasswordItem } from './pay-password-item.tsx';
import { SingleSelector } from './single-selector.tsx';
import { Row } from './wallet-page.tsx';

/** Waits until typing pauses before asking for a quote. */
function useSettled<T>(value: T, delay = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Converts between the member's own currencies at a live quote, confirmed before it moves and
 * with the pay password, as money leaving a currency is (docs/ledger.md, Transfers).
 */
export function TransferForm({
  balances,
  currencies,
  hasPayPassword,
}: {
  balances: Balances;
  currencies: string[];
  hasPayPassword: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const apply = useApplyTransfer();
  const attempts = useIdempotentAttempt<TransferBody>();
  const [form] = Form.useForm<Partial<TransferBody>>();
  const check = useFormCheck<Partial<TransferBody>>(form, (values) => {
    const errors = contractErrors(transferBody, { ...values, amount: (values.amount ?? '').trim() }, t);
    if (!errors.to && values.to && values.to === values.from) errors.to = t('errors.SAME_CURRENCY');
    return errors;
  });
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const amount = useSettled(Form.useWatch('amount', form) ?? '');
  const valid = from && to && from !== to && !amountError(amount);
  const quote = useTransferQuote(valid ? { from, to, amount: normaliseAmount(amount) } : undefined);
  const balance = balances.list.find((item) => item.currency === from);
  const options = currencies.map((code) => ({ label: code, value: code }));

  async function submit(values: Partial<TransferBody>) {
    if (!check.passes(values)) return;
    const body = {
      from: values.from ?? '',
      to: values.to ?? '',
      amount: normaliseAmount(values.amount ?? ''),
      payPassword: values.payPassword ?? '',
    };
    const shown = quote.data;
    const sure = await confirm({
      title: t('wallet.transferConfirmTitle'),
      content: t('wallet.transferConfirm', {
        amount: format.amount(body.amount, body.from),
        received: shown ? format.amount(shown.received, shown.to) : '--',
      }),
    });
    if (!sure) return;
    if (!(await attempts.send(apply.mutateAsync, body))) return;
    toast(t('wallet.transferDone'));
    form.setFieldsValue({ amount: '', payPassword: '' });
    check.reset();
  }

  return (
    <Form
      form={form}
      {...check.formProps}
      layout="vertical"
      mode="card"
      initialValues={{
        from: balances.list[0]?.currency,
        to: currencies.find((code) => code !== balances.list[0]?.currency),
      }}
      onFinish={submit}
      data-testid="transfer-form"
      footer={
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={apply.isPending}
          disabled={!quote.data || !hasPayPassword}
        >
          {t('wallet.transferSubmit')}
        </Button>
      }
    >
      <Form.Item
        name="from"
        label={t('fields.from')}
        description={
          <span data-testid="transfer-available">
            {t('wallet.available', { amount: balance ? format.amount(balance.available, balance.currency) : '--' })}
          </span>
        }
      >
        <SingleSelector
          testId="transfer-from"
          options={balances.list.map((item) => ({ label: item.currency, value: item.currency }))}
        />
      </Form.Item>
      <Form.Item name="to" label={t('fields.to')}>
        <SingleSelector testId="transfer-to" options={options} />
      </Form.Item>
      <Form.Item name="amount" label={t('fields.amount')} required>
        <Input inputMode="numeric" placeholder={t('wallet.amountPlaceholder')} clearable />
      </Form.Item>
      <div className="wallet-preview" data-testid="transfer-quote">
        <Row label={t('wallet.rate')} testId="transfer-rate">
          {quote.data ? `1 ${quote.data.from} = ${format.rate(quote.data.rate)} ${quote.data.to}` : '--'}
        </Row>
        <Row label={t('wallet.received')} testId="transfer-received">
          {quote.data ? format.amount(quote.data.received, quote.data.to) : '--'}
        </Row>
        {quote.isError && <span className="wallet-hint wallet-negative">{t('wallet.quoteFailed')}</span>}
      </div>
      <PayPasswordItem hasPayPassword={hasPayPassword} />
    </Form>
  );
}
