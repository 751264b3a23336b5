import { call } from '@soar/client';
import {
  kycAdminApi,
  loanAdminApi,
  memberAdminApi,
  quantAdminApi,
  roleAllows,
  statementAdminApi,
} from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useMemberDetail } from '../../shared/member-context/member-context.tsx';
import { useSession } from '../../shared/session.ts';
import { DepositStatus, KycStatus, WithdrawStatus } from '../../shared/status.tsx';
import { MemberFreeze } from './member-freeze.tsx';
import { MemberKyc } from './member-kyc.tsx';
import { MemberLedger } from './member-ledger.tsx';
import { MemberPositions } from './member-positions.tsx';
import { MemberFunds, MemberLoans } from './member-products.tsx';
import { MemberSecondFactors } from './member-second-factors.tsx';
import { MemberSessions } from './member-sessions.tsx';
import { MemberStatements } from './member-statements.tsx';
import { MemberTimeline } from './member-timeline.tsx';
import { VipLevelForm } from './vip-level-form.tsx';

/**
 * A member: balances, KYC, positions, ledger, deposits, withdrawals, sessions, the timeline of what
 * happened to them; VIP and freezes for compliance.
 */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const uid = useParams().uid;
  const [params, setParams] = useSearchParams();
  const role = useSession((state) => state.operator?.role ?? 'support');
  const queryClient = useQueryClient();
  const detail = useMemberDetail(uid);
  // The URL names the member by UID (docs/admin.md); the member's calls take the id it answers.
  const id = detail.data?.id ?? 0;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin/user/detail', uid] });
    void queryClient.invalidateQueries({ queryKey: ['admin/user/timeline', uid] });
  };
  const setVipLevel = useMutation({
    mutationFn: (vipLevel: number) => call('POST /admin/user/vip', { body: { id, vipLevel } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      refresh();
    },
  });
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError) return <Alert type="error" title={t('common.loadFailed')} />;
  const member = detail.data;
  const canEdit = roleAllows(memberAdminApi.freeze, role);
  const canLedger = roleAllows(memberAdminApi.ledger, role);
  const tab = params.get('tab') ?? 'balances';

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="member-detail">
      <Card
        title={
          <Space>
            <Link to="/members">{t('menu.members')}</Link>/<span>{member.uid}</span>
          </Space>
        }
        extra={
          roleAllows({ roles: ['finance'] }, role) && (
            <Link to={`/adjustments?new=1&uid=${member.uid}`}>
              <Button>{t('adjustments.new')}</Button>
            </Link>
          )
        }
      >
        <Row gutter={24}>
          <Col span={16}>
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t('members.uid')}>{member.uid}</Descriptions.Item>
              <Descriptions.Item label={t('members.nickname')}>{member.nickname}</Descriptions.Item>
              <Descriptions.Item label={t('members.mail')}>{member.mail ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('members.phone')}>
                {member.phone ? `+${member.areaCode} ${member.phone}` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('members.kyc')}>
                <KycStatus status={member.kycStatus} />
              </Descriptions.Item>
              <Descriptions.Item label={t('members.inviteCode')}>{member.inviteCode}</Descriptions.Item>
              <Descriptions.Item label={t('members.registered')}>{formatTime(member.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="ID">{member.id}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col span={8}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('members.vipLevel')}>
                {canEdit ? (
                  <VipLevelForm key={member.vipLevel} member={member} onSave={setVipLevel.mutateAsync} />
                ) : (
                  member.vipLevel
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('members.loginFrozen')}>
                <MemberFreeze member={member} kind="login" canEdit={canEdit} onChanged={refresh} />
              </Descriptions.Item>
              <Descriptions.Item label={t('members.withdrawFrozen')}>
                <MemberFreeze member={member} kind="withdraw" canEdit={canEdit} onChanged={refresh} />
              </Descriptions.Item>
              <Descriptions.Item label={t('members.secondFactors')}>
                <MemberSecondFactors
                  member={member}
                  canReset={roleAllows(memberAdminApi.totpReset, role)}
                  onChanged={refresh}
                />
              </Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key })}
          items={[
            {
              key: 'balances',
              label: t('members.balances'),
              children: (
                <Table
                  rowKey="currency"
                  pagination={false}
                  dataSource={member.balances}
                  data-testid="member-balances"
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
              ),
            },
            ...(roleAllows(kycAdminApi.list, role)
              ? [{ key: 'kyc', label: t('members.kycTab'), children: <MemberKyc uid={member.uid} /> }]
              : []),
            ...(roleAllows(memberAdminApi.positions, role)
              ? [{ key: 'positions', label: t('members.positions'), children: <MemberPositions userId={member.id} /> }]
              : []),
            ...(roleAllows(statementAdminApi.list, role)
              ? [
                  {
                    key: 'statements',
                    label: t('statements.title'),
                    children: <MemberStatements userId={member.id} role={role} />,
                  },
                ]
              : []),
            ...(canLedger
              ? [
                  {
                    key: 'ledger',
                    label: t('members.ledger'),
                    children: (
                      <MemberLedger userId={member.id} currencies={member.balances.map((row) => row.currency)} />
                    ),
                  },
                ]
              : []),
            {
              key: 'deposits',
              label: t('menu.deposits'),
              children: (
                <Table
                  rowKey="id"
                  pagination={false}
                  dataSource={member.deposits}
                  columns={[
                    { title: 'ID', dataIndex: 'id' },
                    {
                      title: t('common.amount'),
                      align: 'right',
                      render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
                    },
                    { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
                    { title: t('common.status'), render: (_, row) => <DepositStatus status={row.status} /> },
                  ]}
                />
              ),
            },
            {
              key: 'withdrawals',
              label: t('menu.withdrawals'),
              children: (
                <Table
                  rowKey="id"
                  pagination={false}
                  dataSource={member.withdrawals}
                  columns={[
                    { title: 'ID', dataIndex: 'id' },
                    {
                      title: t('common.amount'),
                      align: 'right',
                      render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
                    },
                    { title: t('withdrawals.address'), render: (_, row) => `${row.network} ${row.address}` },
                    { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
                    { title: t('common.status'), render: (_, row) => <WithdrawStatus status={row.status} /> },
                  ]}
                />
              ),
            },
            ...(roleAllows(loanAdminApi.list, role)
              ? [{ key: 'loans', label: t('members.loans'), children: <MemberLoans userId={member.id} /> }]
              : []),
            ...(roleAllows(quantAdminApi.orders, role)
              ? [{ key: 'funds', label: t('members.funds'), children: <MemberFunds userId={member.id} /> }]
              : []),
            {
              key: 'sessions',
              label: t('members.sessions'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <MemberSessions userId={member.id} uid={member.uid} />
                  <Typography.Title level={5}>{t('members.attempts')}</Typography.Title>
                  <Table
                    rowKey={(row) => `${row.time}-${row.ip}`}
                    pagination={false}
                    dataSource={member.attempts}
                    columns={[
                      { title: t('common.time'), render: (_, row) => formatTime(row.time) },
                      { title: 'IP', dataIndex: 'ip' },
                      {
                        title: t('members.result'),
                        render: (_, row) => (
                          <Tag color={row.result === 'success' ? 'green' : 'red'}>
                            {t(`members.results.${row.result}`)}
                          </Tag>
                        ),
                      },
                    ]}
                  />
                </Space>
              ),
            },
            ...(roleAllows(memberAdminApi.timeline, role)
              ? [{ key: 'timeline', label: t('members.timeline'), children: <MemberTimeline uid={member.uid} /> }]
              : []),
          ]}
        />
      </Card>
    </Space>
  );
}
