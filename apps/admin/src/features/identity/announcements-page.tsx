import { call } from '@soar/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { formatTime } from '../../shared/format.ts';

/** Announcements to every member's inbox. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<{ title: string; body: string }>();
  const list = useQuery({
    queryKey: ['admin/notice/list', page],
    queryFn: () => call('GET /admin/notice/list', { query: { page, pageSize: 20 } }),
  });
  const send = (values: { title: string; body: string }) =>
    confirmAction({
      title: t('identity.notice.confirm'),
      onOk: async () => {
        await call('POST /admin/notice/create', { body: values });
        form.resetFields();
        await client.invalidateQueries({ queryKey: ['admin/notice/list'] });
      },
    });
  return (
    <Card title={t('identity.notice.title')}>
      <Form form={form} layout="vertical" onFinish={send} style={{ maxWidth: 640 }}>
        <Form.Item name="title" label={t('identity.notice.subject')} rules={[{ required: true, max: 120 }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="body" label={t('identity.notice.body')} rules={[{ required: true, max: 4000 }]}>
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('identity.notice.send')}
        </Button>
      </Form>
      <Table
        style={{ marginTop: 24 }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, total: list.data?.total, pageSize: 20, onChange: setPage }}
        columns={[
          { title: t('identity.notice.subject'), dataIndex: 'title' },
          { title: t('identity.notice.body'), dataIndex: 'body', ellipsis: true },
          { title: t('identity.notice.recipients'), dataIndex: 'recipients' },
          { title: t('common.time'), render: (_, row) => formatTime(row.createdAt) },
        ]}
      />
    </Card>
  );
}
