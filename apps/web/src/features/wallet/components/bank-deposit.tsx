import { depositApplyBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useApplyDeposit } from '../api/deposit-apply.ts';
import type { DepositChannel } from '../api/types.ts';
import { normaliseAmount } from '../validation.ts';
import { CopyRow } from './copy-button.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { SingleSelector } from './single-selector.tsx';
import { Card } from './wallet-page.tsx';

/** The bank accounts to transfer to, each value with a copy button. */
export function BankChannels({ channels }: { channels: DepositChannel[] }) {
  const { t } = useTranslation();
  return (
    <>
      {channels.map((channel) => (
        <Card key={channel.id} title={`${channel.bankName ?? ''} · ${channel.currency}`} testId="bank-channel">
          {channel.accountName && <CopyRow label={t('wallet.accountName')} value={channel.accountName} />}
          {channel.accountNumber && (
            <CopyRow label={t('wallet.accountNumber')} value={channel.accountNumber} testId="bank-account-number" />
          )}
          {channel.branch && <CopyRow label={t('fields.bankBranch')} value={channel.branch} />}
          {channel.swift && <CopyRow label={t('fields.bankCode')} value={channel.swift} />}
        </Card>
      ))}
    </>
  );
}

type BankForm = {
  currency?: string;
  amount?: string;
  bankName?: string;
  bankBranch?: string;
  account?: string;
  bankCode?: string;
  proof?: string;
};

const bodyOf = (values: BankForm) => ({
  type: 'bank' as const,
  currency: values.currency ?? '',
  amount: normaliseAmount(values.amount ?? ''),
  bankName: (values.bankName ?? '').trim(),
  bankBranch: (values.bankBranch ?? '').trim(),
  account: (values.account ?? '').trim(),
  bankCode: (values.bankCode ?? '').trim(),
  proof: values.proof ?? '',
});

/** Every field required, the amount a whole number of at least 1, a proof image (docs/product.md, "Wallet"). */
export function BankDepositForm({ currencies, amount }: { currencies: string[]; amount?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyDeposit();
  const attempts = useIdempotentAttempt<ReturnType<typeof bodyOf>>();
  const [form] = Form.useForm<BankForm>();
  const check = useFormCheck<BankForm>(form, (values) => {
    const errors = contractErrors(depositApplyBody, { ...bodyOf(values), amount: (values.amount ?? '').trim() }, t);
    if (errors.proof) errors.proof = t('wallet.proofRequired');
    return errors;
  });

  async function submit(values: BankForm) {
    if (!check.passes(values)) return;
    const body = bodyOf(values);
    if (!(await attempts.send(apply.mutateAsync, body))) return;
    toast(t('wallet.depositSubmitted'));
    navigate('/pages/deposit/record');
  }

  return (
    <Form
      form={form}
      {...check.formProps}
      layout="vertical"
      mode="card"
      initialValues={{ currency: currencies[0], amount }}
      onFinish={submit}
      data-testid="bank-deposit-form"
      footer={
        <Button block type="submit" color="primary" size="large" loading={apply.isPending}>
          {t('wallet.submit')}
        </Button>
      }
    >
      <Form.Item name="currency" label={t('fields.currency')} required>
        <SingleSelector options={currencies.map((code) => ({ label: code, value: code }))} />
      </Form.Item>
      <Form.Item name="amount" label={t('fields.amount')} required>
        <Input inputMode="numeric" placeholder={t('wallet.amountPlaceholder')} clearable />
      </Form.Item>
      <Form.Item name="bankName" label={t('fields.bankName')} required>
        <Input maxLength={140} clearable />
      </Form.Item>
      <Form.Item name="bankBranch" label={t('fields.bankBranch')} required>
        <Input maxLength={140} clearable />
      </Form.Item>
      <Form.Item name="account" label={t('fields.account')} required>
        <Input maxLength={140} clearable />
      </Form.Item>
      <Form.Item name="bankCode" label={t('fields.bankCode')} required>
        <Input maxLength={140} clearable />
      </Form.Item>
      <Form.Item name="proof" label={t('fields.proof')} required>
        <ProofUpload />
      </Form.Item>
    </Form>
  );
}
