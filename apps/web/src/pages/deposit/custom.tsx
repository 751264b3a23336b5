import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContactSupport } from '../../features/wallet/components/contact-support.tsx';
import { Card, Notice, WalletPage } from '../../features/wallet/components/wallet-page.tsx';
import { amountError, normaliseAmount } from '../../features/wallet/validation.ts';
import { type FieldErrors, useFormCheck } from '../../shared/form-check.ts';

/** A custom amount that continues to the bank or crypto form, or a talk with customer service. */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ amount?: string }>();
  const check = useFormCheck<{ amount?: string }>(form, ({ amount }): FieldErrors => {
    const error = amountError(amount);
    return error ? { amount: t(error) } : {};
  });
  const go = (to: 'card' | 'wallet') => () => {
    const amount = form.getFieldValue('amount') as string | undefined;
    if (!check.passes({ amount }) || !amount) return;
    const value = encodeURIComponent(normaliseAmount(amount));
    navigate(
      to === 'card' ? `/pages/deposit/card?amount=${value}` : `/pages/deposit/wallet?network=TRC20&amount=${value}`,
    );
  };
  return (
    <WalletPage title="pages.deposit.custom">
      <Form form={form} {...check.formProps} layout="vertical" mode="card" data-testid="custom-form">
        <Form.Item name="amount" label={t('fields.amount')} required>
          <Input inputMode="numeric" placeholder={t('wallet.amountPlaceholder')} clearable />
        </Form.Item>
      </Form>
      <div className="wallet-buttons">
        <Button block color="primary" onClick={go('card')}>
          {t('wallet.continueBank')}
        </Button>
        <Button block color="primary" fill="outline" onClick={go('wallet')}>
          {t('wallet.continueCrypto')}
        </Button>
      </div>
      <Card title={t('wallet.supportTitle')}>
        <Notice>{t('wallet.supportText')}</Notice>
        <ContactSupport />
      </Card>
    </WalletPage>
  );
}
