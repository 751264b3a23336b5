import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';

type Job = ApiData<'GET /admin/job/list'>[number];

const statusColours: Record<string, string> = { running: 'blue', done: 'green', failed: 'red' };

/** Scheduled work (docs/jobs.md): each job's last period and run, its next run, its failures. */
export default function JobsPage() {
  const { t } = useTranslation();
  const jobs = useQuery({
    queryKey: ['admin/job/list'],
    queryFn: () => call('GET /admin/job/list'),
    refetchInterval: 30_000,
  });
  const failing = jobs.data?.filter((job) => job.lastStatus === 'failed') ?? [];
  return (
    <Card title={t('menu.jobs')} extra={<Typography.Text type="secondary">{t('jobs.hint')}</Typography.Text>}>
      {failing.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('jobs.failing', { names: failing.map((job) => job.name).join(', ') })}
          data-testid="jobs-failing"
        />
      )}
      <Table<Job>
        rowKey="name"
        loading={jobs.isFetching}
        dataSource={jobs.data}
        pagination={false}
        locale={{ emptyText: t('jobs.none') }}
        data-testid="job-table"
        columns={[
          {
            title: t('jobs.name'),
            dataIndex: 'name',
            render: (name: string) => (
              <Space direction="vertical" size={0}>
                <Typography.Text code>{name}</Typography.Text>
                <Typography.Text type="secondary">{t(`jobs.names.${name}`, { defaultValue: '' })}</Typography.Text>
              </Space>
            ),
          },
          { title: t('jobs.lastPeriod'), render: (_, row) => row.lastPeriod ?? '—' },
          {
            title: t('jobs.lastStatus'),
            render: (_, row) =>
              row.lastStatus ? (
                <Tag color={statusColours[row.lastStatus]}>{t(`jobs.status.${row.lastStatus}`)}</Tag>
              ) : (
                <Tag>{t('jobs.never')}</Tag>
              ),
          },
          { title: t('jobs.lastRun'), render: (_, row) => formatTime(row.lastRunAt) },
          {
            title: t('jobs.nextRun'),
            render: (_, row) =>
              row.nextRunAt ? (
                <span data-testid={`job-next-${row.name}`}>{formatTime(row.nextRunAt)}</span>
              ) : (
                <Typography.Text type="secondary" data-testid={`job-next-${row.name}`}>
                  {t('jobs.nothingScheduled')}
                </Typography.Text>
              ),
          },
          {
            title: t('jobs.failures'),
            align: 'right',
            render: (_, row) => (row.failures > 0 ? <Tag color="red">{row.failures}</Tag> : 0),
          },
          {
            title: t('jobs.lastError'),
            render: (_, row) =>
              row.lastError ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: row.lastError }} style={{ maxWidth: 360 }}>
                  {row.lastError}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}
