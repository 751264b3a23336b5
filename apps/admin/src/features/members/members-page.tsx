import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { KycStatus } from '../../shared/status.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';

type Member = ApiData<'GET /admin/user/list'>['list'][number];

const filterKeys = ['q'] as const;

export default function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useUrlState(filterKeys);
  const q = state.values.q;
  const list = useQuery({
    queryKey: ['admin/user/list', q, state.page, state.pageSize],
    queryFn: () => call('GET /admin/user/list', { query: { q, page: state.page, pageSize: state.pageSize } }),
  });

  return (
    <Card
      title={t('menu.members')}
      extra={
        <Input.Search
          allowClear
          defaultValue={q}
          placeholder={t('members.searchPlaceholder')}
          onSearch={(value) => state.set({ q: value.trim() || undefined })}
          style={{ width: 320 }}
          data-testid="member-search"
        />
      }
    >
      <Table<Member>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({ onClick: () => navigate(`/members/${row.uid}`), style: { cursor: 'pointer' } })}
        data-testid="member-table"
        columns={[
          { title: t('members.uid'), dataIndex: 'uid' },
          { title: t('members.nickname'), dataIndex: 'nickname' },
          {
            title: t('members.contact'),
            render: (_, row) => row.mail ?? (row.phone ? `+${row.areaCode} ${row.phone}` : '—'),
          },
          { title: t('members.kyc'), render: (_, row) => <KycStatus status={row.kycStatus} /> },
          { title: 'VIP', dataIndex: 'vipLevel', width: 70 },
          {
            title: t('members.state'),
            render: (_, row) => (
              <Space size={4}>
                {row.loginFrozen && <Tag color="red">{t('members.loginFrozen')}</Tag>}
                {row.withdrawFrozen && <Tag color="red">{t('members.withdrawFrozen')}</Tag>}
                {!row.loginFrozen && !row.withdrawFrozen && <Tag color="green">{t('members.active')}</Tag>}
              </Space>
            ),
          },
          { title: t('members.registered'), render: (_, row) => formatTime(row.createdAt) },
        ]}
      />
    </Card>
  );
}
