import { call, deviceOf } from '@soar/client';
import { type ApiData, memberAdminApi, roleAllows } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';

type Session = ApiData<'GET /admin/user/sessions'>['list'][number];

/** Every session of a member, newest first; compliance ends a live one (its sockets sign out at once). */
export function MemberSessions({ userId, uid }: { userId: number; uid: string }) {
  const { t } = useTranslation();
  const role = useSession((state) => state.operator?.role ?? 'support');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const sessions = useQuery({
    queryKey: ['admin/user/sessions', userId, page],
    queryFn: () => call('GET /admin/user/sessions', { query: { id: userId, ...page } }),
  });
  const revoke = useMutation({
    mutationFn: (sessionId: number) => call('POST /admin/user/session/revoke', { body: { id: userId, sessionId } }),
    onSuccess: () => {
      toastSuccess(t('members.sessionRevoked'));
      void queryClient.invalidateQueries({ queryKey: ['admin/user/sessions', userId] });
      void queryClient.invalidateQueries({ queryKey: ['admin/user/detail', uid] });
    },
  });
  const canRevoke = roleAllows(memberAdminApi.sessionRevoke, role);
  return (
    <Table<Session>
      rowKey="id"
      loading={sessions.isFetching}
      dataSource={sessions.data?.list}
      data-testid="member-sessions"
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: sessions.data?.total ?? 0,
        onChange: (next, pageSize) => setPage({ page: next, pageSize }),
      }}
      columns={[
        {
          title: t('members.userAgent'),
          render: (_, row) => (
            <Tooltip title={row.userAgent || undefined}>
              <span>{deviceOf(row.userAgent)}</span>
            </Tooltip>
          ),
        },
        { title: t('members.address'), dataIndex: 'ip' },
        { title: t('members.signedIn'), render: (_, row) => formatTime(row.createdAt) },
        { title: t('members.lastSeen'), render: (_, row) => formatTime(row.lastSeenAt) },
        {
          title: t('common.status'),
          render: (_, row) =>
            row.live ? (
              <Tag color="green">{t('members.sessionLive')}</Tag>
            ) : (
              <Tag>
                {row.revokedAt
                  ? t('members.sessionEnded', { time: formatTime(row.revokedAt) })
                  : t('members.sessionExpired', { time: formatTime(row.expiresAt) })}
              </Tag>
            ),
        },
        ...(canRevoke
          ? [
              {
                title: t('common.actions'),
                render: (_: unknown, row: Session) =>
                  row.live && (
                    <Button
                      danger
                      size="small"
                      onClick={() =>
                        void confirmAction({
                          title: t('members.confirm.revokeSession', { device: deviceOf(row.userAgent), uid }),
                          content: t('members.revokeSessionHint'),
                          onOk: () => revoke.mutateAsync(row.id),
                        })
                      }
                      data-testid={`revoke-session-${row.id}`}
                    >
                      {t('members.revokeSession')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
