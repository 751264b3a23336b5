import { Alert, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatMoney, formatTime } from '../../shared/format.ts';
import type { NetworkStatus } from './chain-page.tsx';

const nodeColours: Record<string, string> = { ok: 'green', down: 'red', unknown: 'default' };
/** The coin each network's fees are paid in. */
const feeCoins: Record<string, string> = { ERC20: 'ETH', TRC20: 'TRX' };

/** One network at a glance: its node and the watcher's place, the hot wallet and what it owes. */
export function NetworkCard({ network }: { network: NetworkStatus }) {
  const { t } = useTranslation();
  const money = useMoney();
  const behind =
    network.latestBlock !== null && network.cursor !== null ? Math.max(0, network.latestBlock - network.cursor) : null;
  return (
    <div data-testid={`network-${network.network}`}>
      <Typography.Title level={5}>
        {network.network}{' '}
        {network.watching ? (
          <Tag color={nodeColours[network.nodeState]} data-testid="node-state">
            {t(`chain.node.${network.nodeState}`)}
          </Tag>
        ) : (
          <Tag>{t('chain.manual')}</Tag>
        )}
      </Typography.Title>
      {network.nodeState === 'down' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('chain.downSince', { time: formatTime(network.failingSince) })}
          description={network.nodeError}
        />
      )}
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('chain.latestBlock')}>{network.latestBlock ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('chain.cursor')}>
          {network.cursor ?? '—'}
          {behind ? ` (${t('chain.behind', { count: behind })})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.confirmations')}>{network.confirmations}</Descriptions.Item>
        <Descriptions.Item label={t('chain.checkedAt')}>{formatTime(network.checkedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('chain.confirming')}>{network.confirming}</Descriptions.Item>
        <Descriptions.Item label={t('chain.held')}>
          {network.held > 0 ? <Tag color="orange">{network.held}</Tag> : 0}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.addresses')} span={2}>
          {network.addresses ? t('chain.addressesOn') : t('chain.addressesOff')}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.contract')} span={2}>
          {network.contract ? (
            <Typography.Text code copyable>
              {network.contract}
            </Typography.Text>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.hotWallet')} span={2}>
          {network.hotWallet ? (
            <Typography.Text code copyable data-testid="hot-wallet">
              {network.hotWallet}
            </Typography.Text>
          ) : (
            t('chain.noSigner')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.hotBalance')}>
          {network.hotBalance === null ? '—' : `${money(network.hotBalance, 'USDT')} USDT`}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.hotGas')}>
          {network.hotGas === null ? '—' : `${formatMoney(network.hotGas, 6)} ${feeCoins[network.network] ?? ''}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.payoutsPending')}>
          {network.payoutsPending} · {money(network.payoutsPendingAmount, 'USDT')} USDT
        </Descriptions.Item>
        <Descriptions.Item label={t('chain.payoutsFailed')}>
          {network.payoutsFailed > 0 ? <Tag color="red">{network.payoutsFailed}</Tag> : 0}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
