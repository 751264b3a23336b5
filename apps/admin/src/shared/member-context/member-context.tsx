import { call } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, List, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../currencies.ts';
import { formatTime } from '../format.ts';
import { DepositStatus, KycStatus, WithdrawStatus } from '../status.tsx';

/** A member by the UID operators see; the key is `['admin/user/detail', uid]`. */
export function useMemberDetail(uid: string | undefined) {
  return useQuery({
    queryKey: ['admin/user/detail', uid],
    queryFn: () => call('GET /admin/user/detail', { query: { uid: uid ?? '' } }),
    enabled: uid !== undefined,
  });
}

/**
 * What an operator needs beside a review: who the member is, KYC, freezes, balances, and their
 * latest deposits and withdrawals.
 */
export function MemberContext({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const detail = useMemberDetail(uid);
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError) return <Alert type="error" title={t('common.loadFailed')} />;
  const member = detail.data;
  return (
    <Card size="small" title={t('memberContext.title')} data-testid="member-context">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('members.uid')}>
          <Link to={`/members/${member.uid}`}>{member.uid}</Link> · {member.nickname}
        </Descriptions.Item>
        <Descriptions.Item label={t('members.contact')}>
          {member.mail ?? (member.phone ? `+${member.areaCode} ${member.phone}` : '—')}
        </Descriptions.Item>
        <Descriptions.Item label={t('members.kyc')}>
          <KycStatus status={member.kycStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('members.state')}>
          <Space size={4}>
            {member.vipLevel > 0 && <Tag color="purple">VIP {member.vipLevel}</Tag>}
            {member.loginFrozen && <Tag color="red">{t('members.loginFrozen')}</Tag>}
            {member.withdrawFrozen && <Tag color="red">{t('members.withdrawFrozen')}</Tag>}
            {!member.loginFrozen && !member.withdrawFrozen && <Tag color="green">{t('members.active')}</Tag>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('members.balances')}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="currency"
        dataSource={member.balances}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.noBalances')} /> }}
        columns={[
          { title: t('common.currency'), dataIndex: 'currency' },
          {
            title: t('members.available'),
            align: 'right',
            render: (_, row) => money(row.available, row.currency),
          },
          { title: t('members.frozen'), align: 'right', render: (_, row) => money(row.frozen, row.currency) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('memberContext.recentDeposits')}
      </Typography.Title>
      <List
        size="small"
        dataSource={member.deposits}
        locale={{ emptyText: t('common.none') }}
        renderItem={(item) => (
          <List.Item extra={<DepositStatus status={item.status} />}>
            #{item.id} · {money(item.amount, item.currency)} {item.currency} · {formatTime(item.submitTime)}
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('memberContext.recentWithdrawals')}
      </Typography.Title>
      <List
        size="small"
        dataSource={member.withdrawals}
        locale={{ emptyText: t('common.none') }}
        renderItem={(item) => (
          <List.Item extra={<WithdrawStatus status={item.status} />}>
            #{item.id} · {money(item.amount, item.currency)} {item.currency} · {formatTime(item.submitTime)}
          </List.Item>
        )}
      />
    </Card>
  );
}
