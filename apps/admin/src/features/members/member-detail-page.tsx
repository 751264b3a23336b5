import { call } from '@soar/client';
import { loanAdminApi, memberAdminApi, quantAdminApi, roleAllows, statementAdminApi } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  InputNumber,
  Row,
  Skeleton,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmAction } from '../../shared/confirm.ts';
import { useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useMemberDetail } from '../../shared/member-context/member-context.tsx';
import { useSession } from '../../shared/session.ts';
import { DepositStatus, KycStatus, WithdrawStatus } from '../../shared/status.tsx';
import { MemberLedger } from './member-ledger.tsx';
import { MemberPositions } from './member-positions.tsx';
import { MemberFunds, MemberLoans } from './member-products.tsx';
import { MemberSessions } from './member-sessions.tsx';
import { MemberStatements } from './member-statements.tsx';

/** A member: balances, positions, ledger, deposits, withdrawals, sessions; VIP and freezes for compliance. */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const role = useSession((state) => state.operator?.role ?? 'support');
  const queryClient = useQueryClient();
  const detail = useMemberDetail(Number.isInteger(id) && id > 0 ? id : undefined);
  const [vip, setVip] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin/user/detail', id] });
  const setVipLevel = useMutation({
    mutationFn: (vipLevel: number) => call('POST /admin/user/vip', { body: { id, vipLevel } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      setVip(null);
      refresh();
    },
  });
  const freeze = useMutation({
    mutationFn: (body: { login?: boolean; withdraw?: boolean }) =>
      call('POST /admin/user/freeze', { body: { id, ...body } }),
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

  const toggle = (kind: 'login' | 'withdraw', value: boolean) =>
    void confirmAction({
      title: t(`members.confirm.${kind}.${value ? 'freeze' : 'unfreeze'}`, { uid: member.uid }),
      onOk: () => freeze.mutateAsync({ [kind]: value }),
    });

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
            <Link to={`/adjustments?new=1&userId=${member.id}`}>
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
                  <Space>
                    <InputNumber
                      min={0}
                      max={10}
                      precision={0}
                      value={vip ?? member.vipLevel}
                      onChange={(value) => setVip(value)}
                      data-testid="vip-level"
                    />
                    <Button
                      disabled={vip === null || vip === member.vipLevel}
                      onClick={() =>
                        void confirmAction({
                          title: t('members.confirm.vip', { uid: member.uid, level: vip ?? 0 }),
                          onOk: () => setVipLevel.mutateAsync(vip ?? 0),
                        })
                      }
                      data-testid="vip-save"
                    >
                      {t('common.save')}
                    </Button>
                  </Space>
                ) : (
                  member.vipLevel
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('members.loginFrozen')}>
                <Switch
                  checked={member.loginFrozen}
                  disabled={!canEdit}
                  onChange={(value) => toggle('login', value)}
                  data-testid="freeze-login"
                />
              </Descriptions.Item>
              <Descriptions.Item label={t('members.withdrawFrozen')}>
                <Switch
                  checked={member.withdrawFrozen}
                  disabled={!canEdit}
                  onChange={(value) => toggle('withdraw', value)}
                  data-testid="freeze-withdraw"
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
          ]}
        />
      </Card>
    </Space>
  );
}
