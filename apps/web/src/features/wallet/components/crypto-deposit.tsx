import { type CryptoNetwork, type DepositApplyBody, depositApplyBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { useApplyDeposit } from '../api/deposit-apply.ts';
import type { DepositChannel } from '../api/types.ts';
import { normaliseAmount } from '../validation.ts';
import { CopyRow } from './copy-button.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { networkOptions } from './wallet-bindings.tsx';
import { Card, Notice } from './wallet-page.tsx';

/** docs/product.md section 8: the address, its QR code, and the warning that only USDT on this network may be sent. */
export function CryptoAddress({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const address = channel.address ?? '';
  // One spelling of the network everywhere a member reads it (ERC-20, TRC-20), as the tabs say.
  const network = networkOptions.find((option) => option.value === channel.network)?.label ?? channel.network;
  return (
    <Card testId="crypto-channel">
      <div className="wallet-qr-box">
        <QrCode
          value={channel.qr ?? address}
          label={t('wallet.qrLabel', { network })}
          className="wallet-qr"
          testId="deposit-qr"
        />
      </div>
      <CopyRow label={t('wallet.depositAddress', { network })} value={address} testId="deposit-address" />
      <Notice tone="warning" testId="network-warning">
        {t('wallet.networkWarning', { network })}
      </Notice>
      <Notice>{t('wallet.confirmations')}</Notice>
    </Card>
  );
}

type CryptoForm = { amount?: string; proof?: string; txHash?: string };

/** A crypto deposit needs a proof image or the transaction hash (the server's PROOF_REQUIRED). */
export function CryptoDepositForm({ network, amount }: { network: CryptoNetwork; amount?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyDeposit();
  const attempts = useIdempotentAttempt<DepositApplyBody>();
  const [form] = Form.useForm<CryptoForm>();
  const bodyOf = (values: CryptoForm) => {
    const txHash = values.txHash?.trim();
    return {
      type: 'crypto' as const,
      currency: 'USDT' as const,
      network,
      amount: normaliseAmount(values.amount ?? ''),
      ...(values.proof ? { proof: values.proof } : {}),
      ...(txHash ? { txHash } : {}),
    };
  };
  // The contract checks the amount and the hash's length; a proof or a hash is the server's PROOF_REQUIRED.
  const check = useFormCheck<CryptoForm>(form, (values) => {
    const body = bodyOf(values);
    const errors = contractErrors(depositApplyBody, { ...body, amount: (values.amount ?? '').trim() }, t);
    if (!body.proof && !body.txHash) errors.proof = t('errors.PROOF_REQUIRED');
    return errors;
  });

  async function submit(values: CryptoForm) {
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
      initialValues={{ amount }}
      onFinish={submit}
      data-testid="crypto-deposit-form"
      footer={
        <Button block type="submit" color="primary" size="large" loading={apply.isPending}>
          {t('wallet.submit')}
        </Button>
      }
    >
      <Form.Item name="amount" label={t('wallet.amountIn', { currency: 'USDT' })} required>
        <Input inputMode="numeric" placeholder={t('wallet.amountPlaceholder')} clearable />
      </Form.Item>
      <Form.Item name="proof" label={t('fields.proof')}>
        <ProofUpload />
      </Form.Item>
      <Form.Item name="txHash" label={t('wallet.orTxHash')}>
        <Input maxLength={100} clearable placeholder={t('fields.txHash')} />
      </Form.Item>
    </Form>
  );
}
