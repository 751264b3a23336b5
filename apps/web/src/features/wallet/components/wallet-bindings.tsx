import { RequestError } from '@soar/client';
import { cryptoNetworks, networkLabel, walletAddressBody } from '@soar/contract';
import { Button, Form, Input, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { contractErrors } from '../../../shared/contract-errors.ts';
import { confirm, toast } from '../../../shared/feedback.ts';
import { useFormCheck } from '../../../shared/form-check.ts';
import { useAddWalletAddress, type WalletAddressBody } from '../api/add-wallet-address.ts';
import { useRemoveWalletAddress } from '../api/remove-wallet-address.ts';
import type { WalletAddress } from '../api/types.ts';
import { isAddressShape } from '../validation.ts';
import { PayPasswordItem } from './pay-password-item.tsx';
import { SingleSelector } from './single-selector.tsx';

export const networkOptions = cryptoNetworks.map((value) => ({ label: networkLabel(value), value }));

export function WalletAddressItem({ wallet }: { wallet: WalletAddress }) {
  const { t } = useTranslation();
  const remove = useRemoveWalletAddress();
  async function onRemove() {
    const sure = await confirm({
      title: t('wallet.removeTitle'),
      content: t('wallet.removeConfirm', { name: wallet.name }),
    });
    if (!sure) return;
    await remove.mutateAsync(wallet.id).then(
      () => toast(t('wallet.removed')),
      () => undefined,
    );
  }
  return (
    <article className="wallet-record" data-testid="wallet-address">
      <header className="wallet-record-head">
        <span className="wallet-record-title">{wallet.name}</span>
        <span>
          <Tag color="primary" fill="outline">
            {wallet.currency} · {networkLabel(wallet.network)}
          </Tag>
        </span>
      </header>
      <p className="wallet-break wallet-address-text">{wallet.address}</p>
      <div className="wallet-actions">
        <Button size="small" color="danger" fill="outline" onClick={onRemove} loading={remove.isPending}>
          {t('wallet.remove')}
        </Button>
      </div>
    </article>
  );
}

/**
 * Binds a USDT address; the shape is checked here, the checksum by the server. Money can leave to
 * it, so binding asks for the pay password like a withdrawal.
 */
export function AddWalletForm({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const add = useAddWalletAddress();
  const [form] = Form.useForm<Partial<WalletAddressBody>>();
  const bodyOf = (values: Partial<WalletAddressBody>) => ({
    name: (values.name ?? '').trim(),
    currency: values.currency ?? '',
    network: values.network ?? 'TRC20',
    address: (values.address ?? '').trim(),
    payPassword: values.payPassword ?? '',
  });
  const check = useFormCheck<Partial<WalletAddressBody>>(form, (values) => {
    const body = bodyOf(values);
    const errors = contractErrors(walletAddressBody, body, t);
    if (!errors.address && !isAddressShape(body.network, body.address)) {
      errors.address = t('errors.ADDRESS_INVALID', { network: body.network });
    }
    return errors;
  });

  async function submit(values: Partial<WalletAddressBody>) {
    if (!check.passes(values)) return;
    const body = bodyOf(values);
    try {
      await add.mutateAsync(body);
    } catch (error) {
      // The server's verdict stays under its field too: the pay password's, or the address's (a
      // checksum that does not hold, an address already bound).
      if (!(error instanceof RequestError) || error.messages.length === 0) return;
      const field = String(error.code).startsWith('PAY_PASSWORD') ? 'payPassword' : 'address';
      form.setFields([{ name: field, errors: error.messages }]);
      return;
    }
    toast(t('wallet.bound'));
    form.resetFields();
    check.reset();
  }

  return (
    <Form
      form={form}
      {...check.formProps}
      layout="vertical"
      mode="card"
      initialValues={{ currency: 'USDT', network: 'TRC20' }}
      onFinish={submit}
      data-testid="add-wallet-form"
      footer={
        <Button block type="submit" color="primary" loading={add.isPending} disabled={!hasPayPassword}>
          {t('wallet.bind')}
        </Button>
      }
    >
      <Form.Header>{t('wallet.addWallet')}</Form.Header>
      <Form.Item name="name" label={t('wallet.walletName')} required>
        <Input maxLength={40} clearable />
      </Form.Item>
      <Form.Item name="currency" label={t('fields.currency')} required>
        <SingleSelector options={[{ label: 'USDT', value: 'USDT' }]} />
      </Form.Item>
      <Form.Item name="network" label={t('fields.network')} required>
        <SingleSelector options={networkOptions} />
      </Form.Item>
      <Form.Item name="address" label={t('fields.address')} required>
        <Input maxLength={100} clearable autoComplete="off" />
      </Form.Item>
      <PayPasswordItem hasPayPassword={hasPayPassword} />
    </Form>
  );
}
