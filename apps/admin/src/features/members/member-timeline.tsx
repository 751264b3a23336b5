import { call, deviceOf } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { useAuditLabels } from '../audit/audit-labels.ts';

type Item = ApiData<'GET /admin/user/timeline'>['list'][number];

const kindColors: Record<Item['kind'], string> = {
  review: 'blue',
  freeze: 'red',
  unfreeze: 'green',
  adjustment: 'gold',
  signIn: 'default',
  audit: 'purple',
};

/**
 * What happened to or for the member, newest first: reviews of their records, freezes with their
 * reasons, adjustments, sign-ins and any other audit entry about them (docs/admin.md, Members).
 */
export function MemberTimeline({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const labels = useAuditLabels();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const timeline = useQuery({
    queryKey: ['admin/user/timeline', uid, page],
    queryFn: () => call('GET /admin/user/timeline', { query: { uid, ...page } }),
  });
  const summary = (item: Item) => {
    if (item.kind === 'signIn') return [item.ip, item.userAgent ? deviceOf(item.userAgent) : null];
    const parts: (string | null)[] = [];
    if (item.kind === 'freeze' || item.kind === 'unfreeze') {
      parts.push(item.flags.map((flag) => t(`timeline.flags.${flag}`)).join(', '));
    } else if (item.action) {
      parts.push(labels.action(item.action));
      if (item.record && item.record.entity !== 'member')
        parts.push(`${labels.entity(item.record.entity)} #${item.record.id}`);
    }
    if (item.amount && item.currency) parts.push(`${money(item.amount, item.currency)} ${item.currency}`);
    if (item.outcome) parts.push(t(`timeline.outcomes.${item.outcome}`));
    parts.push(item.note);
    return parts;
  };
  return (
    <Table<Item>
      rowKey="key"
      size="small"
      loading={timeline.isFetching}
      dataSource={timeline.data?.list}
      data-testid="member-timeline"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeline.empty')} /> }}
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: timeline.data?.total ?? 0,
        onChange: (next, pageSize) => setPage({ page: next, pageSize }),
      }}
      columns={[
        { title: t('common.time'), width: 180, render: (_, row) => formatTime(row.time) },
        {
          title: t('members.kind'),
          width: 130,
          render: (_, row) => (
            <Tooltip title={row.action ?? undefined}>
              <Tag color={kindColors[row.kind]} data-testid={`timeline-kind-${row.kind}`}>
                {t(`timeline.kinds.${row.kind}`)}
              </Tag>
            </Tooltip>
          ),
        },
        { title: t('audit.operator'), width: 160, render: (_, row) => row.operatorName ?? '—' },
        {
          title: t('timeline.summary'),
          render: (_, row) => (
            <span data-testid="timeline-summary">
              {summary(row)
                .filter((part): part is string => Boolean(part))
                .join(' · ')}
            </span>
          ),
        },
      ]}
    />
  );
}
