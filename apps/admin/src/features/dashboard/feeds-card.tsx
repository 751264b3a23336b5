import type { FeedHealth } from '@soar/contract';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatTime } from '../../shared/format.ts';

const stateColours: Record<FeedHealth['state'], string> = {
  connected: 'green',
  connecting: 'gold',
  disconnected: 'red',
};

/**
 * Where each market's prices come from and how that feed is doing (docs/market.md, Feeds): a
 * stale market refuses market orders, closes and previews until its feed is heard again.
 */
export function FeedsCard({ feeds }: { feeds: FeedHealth[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.feeds.title')} data-testid="feeds">
      <Typography.Paragraph type="secondary">{t('dashboard.feeds.hint')}</Typography.Paragraph>
      <Table<FeedHealth>
        rowKey="market"
        size="small"
        pagination={false}
        dataSource={feeds}
        data-testid="feeds-table"
        columns={[
          { title: t('dashboard.feeds.market'), dataIndex: 'market' },
          {
            title: t('dashboard.feeds.source'),
            render: (_, feed) => <span data-testid="feed-source">{t(`dashboard.feeds.sources.${feed.source}`)}</span>,
          },
          {
            title: t('dashboard.feeds.state'),
            render: (_, feed) => (
              <Tag color={stateColours[feed.state]} data-testid="feed-state">
                {t(`dashboard.feeds.states.${feed.state}`)}
              </Tag>
            ),
          },
          {
            title: t('dashboard.feeds.quotes'),
            render: (_, feed) =>
              feed.stale ? (
                <Tag color="orange" data-testid="feed-stale">
                  {t('dashboard.feeds.stale')}
                </Tag>
              ) : (
                <Typography.Text type="secondary" data-testid="feed-stale">
                  {t('dashboard.feeds.live')}
                </Typography.Text>
              ),
          },
          { title: t('dashboard.feeds.lastMessage'), render: (_, feed) => formatTime(feed.lastMessageAt) },
          {
            title: t('dashboard.feeds.messagesPerSecond'),
            align: 'right',
            render: (_, feed) => formatCount(feed.messagesPerSecond),
          },
          { title: t('dashboard.feeds.reconnects'), align: 'right', render: (_, feed) => formatCount(feed.reconnects) },
          {
            title: t('dashboard.feeds.malformed'),
            align: 'right',
            render: (_, feed) => (
              <Typography.Text type={feed.malformed > 0 ? 'warning' : undefined}>
                {formatCount(feed.malformed)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
