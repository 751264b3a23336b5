import type { CryptoNetwork, DepositApplyBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/feedback.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import { useApplyDeposit } from '../api/deposit-apply.ts';
import type { DepositChannel } from '../api/types.ts';
import { normaliseAmount } from '../validation.ts';
import { CopyRow } from './copy-button.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { QrCode } from './qr-code.tsx';
import { amountRule } from './rules.ts';
import { Card, Notice } from './wallet-page.tsx';

/** SPEC section 8: the address, its QR code, and the warning that only USDT on this network may be sent. */
export function CryptoAddress({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const address = channel.address ?? '';
  return (
    <Card testId="crypto-channel">
      <div className="wallet-qr-box">
        <QrCode value={channel.qr ?? address} label={t('wallet.qrLabel', { network: channel.network })} />
      </div>
      <CopyRow
        label={t('wallet.depositAddress', { network: channel.network })}
        value={address}
        testId="deposit-address"
      />
      <Notice tone="warning" testId="network-warning">
        {t('wallet.networkWarning', { network: channel.network })}
      </Notice>
      <Notice>{t('wallet.confirmations')}</Notice>
    </Card>
  );
}

type CryptoForm = { amount: string; proof?: string; txHash?: string };

/** A crypto deposit needs a proof image or the transaction hash (the server's PROOF_REQUIRED). */
export function CryptoDepositForm({ network, amount }: { network: CryptoNetwork; amount?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyDeposit();
  const attempts = useIdempotentAttempt<DepositApplyBody>();
  const [form] = Form.useForm<CryptoForm>();

  async function submit(values: CryptoForm) {
    const txHash = values.txHash?.trim();
    const body = {
      type: 'crypto' as const,
      currency: 'USDT' as const,
      network,
      amount: normaliseAmount(values.amount),
      ...(values.proof ? { proof: values.proof } : {}),
      ...(txHash ? { txHash } : {}),
    };
    try {
      await apply.mutateAsync(attempts.attempt(body));
    } catch {
      return;
    }
    attempts.succeeded();
    toast(t('wallet.depositSubmitted'));
    navigate('/pages/deposit/record');
  }

  const proofOrHash = {
    validator: () =>
      form.getFieldValue('proof') || form.getFieldValue('txHash')?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t('errors.PROOF_REQUIRED'))),
  };
  const hashShape = {
    validator: (_rule: unknown, value: string | undefined) =>
      !value?.trim() || /^\S{10,100}$/.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.invalid', { field: t('fields.txHash') }))),
  };

  return (
    <Form
      form={form}
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
      <Form.Item name="amount" label={t('wallet.amountIn', { currency: 'USDT' })} required rules={[amountRule(t)]}>
        <Input inputMode="numeric" placeholder={t('wallet.amountPlaceholder')} clearable />
      </Form.Item>
      <Form.Item name="proof" label={t('fields.proof')} rules={[proofOrHash]} dependencies={['txHash']}>
        <ProofUpload />
      </Form.Item>
      <Form.Item name="txHash" label={t('wallet.orTxHash')} rules={[hashShape]}>
        <Input maxLength={100} clearable placeholder={t('fields.txHash')} />
      </Form.Item>
    </Form>
  );
}
