import { apiPrefix, call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Input, List, Segmented, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { MemberContext } from '../../shared/member-context/member-context.tsx';
import { useSession } from '../../shared/session.ts';
import { UploadImage } from '../../shared/upload-image.tsx';
import { useUrlState } from '../../shared/url-state.ts';

type Conversation = ApiData<'GET /admin/support/conversation/list'>['list'][number];
const filterKeys = ['waiting'] as const;

/** Listens to the operators' `support:desk` topic with the operator's token; calls back on each frame. */
function useDesk(onFrame: () => void) {
  const token = useSession((state) => state.token);
  const latest = useRef(onFrame);
  latest.current = onFrame;
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | undefined;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${scheme}//${window.location.host}${apiPrefix}/ws`);
      socket.onopen = () => {
        socket?.send(JSON.stringify({ op: 'auth', token }));
        socket?.send(JSON.stringify({ op: 'sub', topics: ['support:desk'] }));
      };
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as { topic?: string };
        if (frame.topic === 'support:desk') latest.current();
      };
      socket.onclose = () => {
        if (!closed) retry = setTimeout(open, 3000);
      };
    };
    open();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    };
  }, [token]);
}

/** The chat console: conversations with unread counts, one chat, answers, the member beside it; all live. */
export default function SupportConsolePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [current, setCurrent] = useState<number>();
  // `?waiting=true` is the dashboard's chat queue: chats whose last message is the member's.
  const filter = useUrlState(filterKeys);
  const waiting = filter.values.waiting === 'true';
  const conversations = useQuery({
    queryKey: ['admin/support/conversation/list', waiting],
    queryFn: () =>
      call('GET /admin/support/conversation/list', {
        query: { page: 1, pageSize: 50, ...(waiting ? { waiting: 'true' } : {}) },
      }),
  });
  const thread = useQuery({
    queryKey: ['admin/support/message/list', current],
    queryFn: async () => {
      const data = await call('GET /admin/support/message/list', {
        query: { conversationId: current ?? 0, limit: 100 },
      });
      // Reading marks the member's messages seen: the unread count on the left drops now.
      void client.invalidateQueries({ queryKey: ['admin/support/conversation/list'] });
      return data;
    },
    enabled: current !== undefined,
  });
  useDesk(() => {
    void client.invalidateQueries({ queryKey: ['admin/support/conversation/list'] });
    void client.invalidateQueries({ queryKey: ['admin/support/message/list'] });
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const answer = async () => {
    if (current === undefined || !text.trim()) return;
    setBusy(true);
    try {
      await call('POST /admin/support/message/send', { body: { conversationId: current, text } });
      setText('');
      await thread.refetch();
    } finally {
      setBusy(false);
    }
  };
  const selected = conversations.data?.list.find((item) => item.id === current);
  const nameOf = (item: Conversation) =>
    item.guest ? t('identity.support.guest', { id: item.id }) : `${item.uid} ${item.nickname}`;
  return (
    // A flex row, not a Space: Space wraps each card in an item, so the chat could not take the rest.
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: 16, width: '100%' }}>
      <Card
        title={t('identity.support.title')}
        style={{ width: 320, flex: 'none' }}
        extra={
          <Segmented
            size="small"
            value={waiting ? 'waiting' : 'all'}
            options={[
              { value: 'all', label: t('common.all') },
              { value: 'waiting', label: t('identity.support.waiting') },
            ]}
            onChange={(value) => filter.set({ waiting: value === 'waiting' ? 'true' : undefined })}
            data-testid="conversation-filter"
          />
        }
      >
        <List<Conversation>
          dataSource={conversations.data?.list}
          locale={{ emptyText: <Empty description={t('identity.support.empty')} /> }}
          renderItem={(item) => (
            <List.Item
              onClick={() => setCurrent(item.id)}
              style={{ cursor: 'pointer', background: item.id === current ? 'rgba(22,119,255,0.08)' : undefined }}
              data-testid="conversation"
            >
              <List.Item.Meta
                title={
                  <Space>
                    {nameOf(item)}
                    <Badge count={item.unread} data-testid="conversation-unread" />
                  </Space>
                }
                description={`${item.lastText.slice(0, 60)} · ${formatTime(item.lastMessageAt)}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card title={t('identity.support.chat')} style={{ flex: 1, minWidth: 440 }}>
        {current === undefined ? (
          <Empty description={t('identity.support.pick')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div style={{ maxHeight: 480, overflowY: 'auto' }} data-testid="admin-thread">
              {thread.data?.list.map((message) => (
                <div
                  key={message.id}
                  style={{ textAlign: message.from === 'operator' ? 'right' : 'left', margin: '6px 0' }}
                  data-testid={`admin-chat-${message.from}`}
                >
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`identity.support.${message.from}`)} · {formatTime(message.createdAt)}
                  </Typography.Text>
                  {message.text && <div>{message.text}</div>}
                  {message.image && <UploadImage id={message.image} />}
                </div>
              ))}
            </div>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={text}
                maxLength={2000}
                placeholder={t('identity.support.placeholder')}
                onChange={(event) => setText(event.target.value)}
                onPressEnter={() => void answer()}
                data-testid="admin-chat-input"
              />
              <Button type="primary" loading={busy} onClick={() => void answer()} data-testid="admin-chat-send">
                {t('identity.support.send')}
              </Button>
            </Space.Compact>
          </Space>
        )}
      </Card>
      {selected && (
        <div style={{ width: 340, flex: 'none' }}>
          {selected.guest || !selected.uid ? (
            <Alert type="info" title={t('memberContext.guest')} data-testid="member-context-guest" />
          ) : (
            <MemberContext uid={selected.uid} />
          )}
        </div>
      )}
    </div>
  );
}
