import { networkLabel, withdrawApplyBody } from '@soar/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { useIdempotentAttempt } from '../../../shared/idempotency.ts';
import type { Balances, WalletAddress, WithdrawConfig } from '../api/types.ts';
import { useApplyWithdraw, type WithdrawBody } from '../api/withdraw-apply.ts';
import { atLeast, withdrawPreview } from '../money.ts';
import { useFormat } from '../use-format.ts';
import { amountError, normaliseAmount } from '../validation.ts';
import { PayPasswordItem } from './pay-password-item.tsx';
import { SingleSelector } from './single-selector.tsx';
import { Notice, Row } from './wallet-page.tsx';

type WithdrawForm = { currency?: string; amount?: string; walletId?: string; payPassword?: string };

/** docs/product.md sections 3 and 9: amount, available balance, fee, received amount, wallet, pay password. */
export function WithdrawCryptoForm({
  balances,
  config,
  wallets,
  hasPayPassword,
}: {
  balances: Balances;
  config: WithdrawConfig;
  wallets: WalletAddress[];
  hasPayPassword: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const apply = useApplyWithdraw();
  const attempts = useIdempotentAttempt<WithdrawBody>();
  const [form] = Form.useForm<WithdrawForm>();
  const currency = Form.useWatch('currency', form) ?? balances.list[0]?.currency;
  const amount = Form.useWatch('amount', form);
  const walletId = Form.useWatch('walletId', form) ?? (wallets[0] ? String(wallets[0].id) : undefined);
  const walletCurrency = wallets.find((wallet) => String(wallet.id) === walletId)?.currency ?? currency;
  const balance = balances.list.find((item) => item.currency === currency);
  const minimum = config.currencies.find((rule) => rule.currency === currency)?.minimum ?? config.minimumUsd;
  const preview = useMemo(
    () =>
      currency && amount && !amountError(amount)
        ? withdrawPreview(config, currency, normaliseAmount(amount), walletCurrency)
        : undefined,
    [config, currency, amount, walletCurrency],
  );

  const bodyOf = (values: WithdrawForm) => ({
    amount: normaliseAmount(values.amount ?? ''),
    currency: values.currency ?? '',
    walletId: Number(values.walletId),
    payPassword: values.payPassword ?? '',
  });
  // The contract's rules (a whole amount, a wallet, a 4 to 16 character pay password), then the currency's minimum.
  const check = useFormCheck<WithdrawForm>(form, (values) => {
    const amount = (values.amount ?? '').trim();
    const errors = contractErrors(withdrawApplyBody, { ...bodyOf(values), amount, walletId: values.walletId ?? '' }, t);
    const rule = config.currencies.find((item) => item.currency === values.currency)?.minimum ?? config.minimumUsd;
    if (!errors.amount && !atLeast(normaliseAmount(amount), rule)) {
      errors.amount = t('errors.WITHDRAW_BELOW_MINIMUM', {
        minimum: format.number(rule, values.currency ?? ''),
        currency: values.currency,
      });
    }
    return errors;
  });

  async function submit(values: WithdrawForm) {
    if (!check.passes(values)) return;
    const body = bodyOf(values);
    if (!(await attempts.send(apply.mutateAsync, body))) return;
    toast(t('wallet.withdrawSubmitted'));
    navigate('/pages/history/record?tab=withdraw');
  }

  return (
    <Form
      form={form}
      {...check.formProps}
      layout="vertical"
      mode="card"
      initialValues={{ currency: balances.list[0]?.currency, walletId: wallets[0] ? String(wallets[0].id) : undefined }}
      onFinish={submit}
      data-testid="withdraw-form"
      footer={
        <Button block type="submit" color="primary" size="large" loading={apply.isPending} disabled={!hasPayPassword}>
          {t('wallet.withdrawSubmit')}
        </Button>
      }
    >
      <Form.Item name="currency" label={t('fields.currency')}>
        <SingleSelector options={balances.list.map((item) => ({ label: item.currency, value: item.currency }))} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('fields.amount')}
        required
        extra={
          <button
            type="button"
            className="wallet-link"
            onClick={() => balance && form.setFieldValue('amount', balance.available.replace(/\..*$/, ''))}
          >
            {t('wallet.all')}
          </button>
        }
        description={
          <span data-testid="withdraw-available">
            {t('wallet.available', { amount: balance ? format.amount(balance.available, balance.currency) : '--' })}
          </span>
        }
      >
        <Input
          inputMode="numeric"
          placeholder={t('wallet.minimumPlaceholder', { minimum: format.number(minimum) })}
          clearable
        />
      </Form.Item>
      <div className="wallet-preview" data-testid="withdraw-preview">
        <Row label={t('wallet.feeLabel')} testId="withdraw-fee">
          {preview && currency ? t('wallet.feeText', { fee: format.amount(preview.fee, currency) }) : '--'}
        </Row>
        <Row label={t('wallet.totalDeducted')}>
          {preview && currency ? format.amount(preview.total, currency) : '--'}
        </Row>
        <Row label={t('wallet.received')} testId="withdraw-received">
          {preview && walletCurrency ? format.amount(preview.received, walletCurrency) : '--'}
        </Row>
        {preview && currency && walletCurrency && currency !== walletCurrency && (
          <Row label={t('wallet.rate')} testId="withdraw-rate">
            {t('wallet.rateText', { from: currency, rate: preview.rate, to: walletCurrency })}
          </Row>
        )}
      </div>
      <Form.Item
        name="walletId"
        label={t('fields.walletId')}
        required
        description={
          <Link className="wallet-link" to="/pages/card/crypto">
            {t('wallet.addWallet')}
          </Link>
        }
      >
        {wallets.length > 0 ? (
          <SingleSelector
            testId="withdraw-wallets"
            columns={1}
            options={wallets.map((wallet) => ({
              label: `${wallet.name} · ${networkLabel(wallet.network)}`,
              description: wallet.address,
              value: String(wallet.id),
            }))}
          />
        ) : (
          <span className="wallet-hint">{t('wallet.noWallet')}</span>
        )}
      </Form.Item>
      <PayPasswordItem hasPayPassword={hasPayPassword} />
      <div className="wallet-preview">
        <Notice>{t('wallet.minimumWithdraw', { minimum: format.amount(config.minimumUsd, 'USD') })}</Notice>
        <Notice>{t(config.processingKey)}</Notice>
      </div>
    </Form>
  );
}
