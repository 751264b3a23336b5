import type { ApiData } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { useFormat } from '../use-format.ts';
import { ChainDepositStatus } from './chain-status.tsx';
import { CopyRow } from './copy-button.tsx';
import { networkOptions } from './wallet-bindings.tsx';
import { Card, Notice } from './wallet-page.tsx';

type OwnAddressAnswer = ApiData<'GET /deposit/address'>;

/**
 * The member's own USDT address on a network (docs/ledger.md, On chain): its QR code, the warning
 * that only USDT on this network may be sent, the token contract, and the transfers seen to it
 * with their confirmations, live. Nothing to fill in: deposits credit themselves.
 */
export function OwnAddress({ data }: { data: OwnAddressAnswer & { address: string } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const network = networkOptions.find((option) => option.value === data.network)?.label ?? data.network;
  return (
    <>
      <Card title={t('chain.addressTitle', { network })} testId="own-address">
        <div className="wallet-qr-box">
          <QrCode
            value={data.qr ?? data.address}
            label={t('wallet.qrLabel', { network })}
            className="wallet-qr"
            testId="deposit-qr"
          />
        </div>
        <CopyRow label={t('wallet.depositAddress', { network })} value={data.address} testId="deposit-address" />
        <Notice tone="warning" testId="network-warning">
          {t('wallet.networkWarning', { network })}
        </Notice>
        {data.contract && <CopyRow label={t('chain.contract')} value={data.contract} testId="token-contract" />}
        <Notice>{t('chain.automatic', { count: data.confirmations })}</Notice>
        <Notice>{t('chain.minimum', { amount: format.number(data.minimum, 'USDT') })}</Notice>
      </Card>
      <Card title={t('chain.incoming')} testId="incoming">
        {data.incoming.length === 0 ? (
          <p className="wallet-hint">{t('chain.noIncoming')}</p>
        ) : (
          data.incoming.map((record) => (
            <div key={record.id} className="wallet-incoming" data-testid="incoming-deposit">
              <div className="wallet-row">
                <span className="wallet-record-title">{format.amount(record.amount, record.currency)}</span>
                <span className="wallet-hint">{format.date(record.submitTime, record.timezone)}</span>
              </div>
              <ChainDepositStatus record={record} />
            </div>
          ))
        )}
      </Card>
    </>
  );
}
