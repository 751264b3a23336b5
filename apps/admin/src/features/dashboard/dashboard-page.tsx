import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoney } from '../../shared/format.ts';
import { DailyChart } from './daily-chart.tsx';
import styles from './dashboard.module.css';
import { FeedsCard } from './feeds-card.tsx';
import { queueAge } from './queue-age.ts';

type Queue = ApiData<'GET /admin/dashboard'>['queues'][number];

/** Where each queue's card leads: its page, filtered to what waits. */
const queuePaths: Record<string, string> = {
  deposit: '/deposits?status=0',
  withdraw: '/withdrawals?status=0',
  adjustment: '/adjustments?status=0',
  loan: '/loans?approvalStatus=0',
  kyc: '/kyc?status=0',
  blockOrder: '/orders',
  ipoAllotment: '/ipo?state=closed',
  chat: '/support?waiting=true',
  chainHeld: '/chain',
  chainFailed: '/chain',
  chainNodeDown: '/chain',
};

/** One queue: how many wait, since when the oldest, and the way to its page. */
function QueueCard({ queue }: { queue: Queue }) {
  const { t } = useTranslation();
  const age = queue.oldestAt ? queueAge(queue.oldestAt, Date.now()) : undefined;
  return (
    <Link to={queuePaths[queue.key] ?? '/'} data-testid={`queue-${queue.key}`}>
      <Card hoverable className={queue.count > 0 ? styles.waiting : undefined}>
        <Statistic title={t(`dashboard.queue.${queue.key}`)} value={queue.count} />
        <Typography.Text type="secondary" data-testid={`queue-${queue.key}-age`}>
          {age
            ? t('dashboard.oldest', { age: t(`dashboard.age.${age.unit}`, { count: age.count }) })
            : t('dashboard.nothingWaiting')}
        </Typography.Text>
      </Card>
    </Link>
  );
}

/** Series drawn together on one chart, by unit. */
const charts = [
  { key: 'money', series: ['deposits', 'withdrawals'] },
  { key: 'members', series: ['newMembers'] },
  { key: 'products', series: ['loansDisbursed', 'fundPurchases'] },
] as const;

export default function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery({
    queryKey: ['admin/dashboard'],
    queryFn: () => call('GET /admin/dashboard'),
    refetchInterval: 30_000,
  });
  const [chart, setChart] = useState<(typeof charts)[number]['key']>('money');
  if (dashboard.isPending) return <Skeleton active />;
  if (dashboard.isError) return <Alert type="error" title={t('common.loadFailed')} />;
  const { queues, figures, series, day, feeds } = dashboard.data;
  const available = charts.filter((entry) => entry.series.some((key) => series.some((item) => item.key === key)));
  const shown = available.find((entry) => entry.key === chart) ?? available[0];
  const drawn = series.filter((item) => shown?.series.some((key) => key === item.key));

  return (
    <div className={styles.page} data-testid="dashboard">
      <Typography.Title level={4} className={styles.heading}>
        {t('dashboard.queues')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {queues.length === 0 && (
          <Col span={24}>
            <Card>
              <Empty description={t('dashboard.noQueues')} data-testid="no-queues" />
            </Card>
          </Col>
        )}
        {queues.map((queue) => (
          <Col key={queue.key} xs={12} lg={6}>
            <QueueCard queue={queue} />
          </Col>
        ))}
      </Row>
      <Typography.Title level={4} className={styles.heading}>
        {t('dashboard.today')} <Typography.Text type="secondary">{day} UTC</Typography.Text>
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={12} lg={6}>
            <Card>
              <Statistic
                title={t(`dashboard.figure.${figure.key}`)}
                value={figure.unit === 'count' ? formatCount(figure.value) : formatMoney(figure.value, 2)}
                suffix={figure.unit === 'count' ? undefined : figure.unit}
                data-testid={`figure-${figure.key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {shown && (
        <Card
          className={styles.chartCard}
          title={t('dashboard.last30')}
          extra={
            available.length > 1 && (
              <Segmented
                value={shown.key}
                options={available.map((entry) => ({ value: entry.key, label: t(`dashboard.chart.${entry.key}`) }))}
                onChange={(value) => setChart(value as typeof chart)}
              />
            )
          }
        >
          <DailyChart
            label={t('dashboard.last30')}
            series={drawn.map((item) => ({ ...item, label: t(`dashboard.series.${item.key}`) }))}
            format={(value, unit) => (unit === 'count' ? formatCount(value) : `${formatMoney(value, 2)} ${unit}`)}
          />
        </Card>
      )}
      {feeds.length > 0 && (
        <div className={styles.feeds}>
          <FeedsCard feeds={feeds} />
        </div>
      )}
    </div>
  );
}
