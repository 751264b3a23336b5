import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NetworkCard } from './network-card.tsx';
import { PayoutTable } from './payout-table.tsx';
import { TransferTable } from './transfer-table.tsx';

export type NetworkStatus = ApiData<'GET /admin/chain/status'>[number];

/**
 * USDT on chain (docs/admin.md, Chain): per network the node, blocks, cursor, confirmations
 * waiting and the hot wallet; the transfers waiting for a decision, the failed withdrawals, and
 * what the watcher saw lately.
 */
export default function ChainPage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['admin/chain/status'],
    queryFn: () => call('GET /admin/chain/status'),
    refetchInterval: 15_000,
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('menu.chain')}
        extra={<Typography.Text type="secondary">{t('chain.hint')}</Typography.Text>}
        loading={status.isPending}
      >
        <Row gutter={16}>
          {status.data?.map((network) => (
            <Col span={12} key={network.network}>
              <NetworkCard network={network} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'held', label: t('chain.tabs.held'), children: <TransferTable state="held" /> },
            { key: 'failed', label: t('chain.tabs.failed'), children: <PayoutTable state="failed" /> },
            { key: 'payouts', label: t('chain.tabs.payouts'), children: <PayoutTable /> },
            { key: 'recent', label: t('chain.tabs.recent'), children: <TransferTable /> },
          ]}
        />
      </Card>
    </Space>
  );
}
