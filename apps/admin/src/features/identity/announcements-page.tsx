import { call } from '@soar/client';
import { type ApiData, type ApiInput, announcementTranslation } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, Input, Table, Tabs, Tag, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { contentLanguages, filledTranslations } from '../../shared/content-languages.ts';
import { formatTime } from '../../shared/format.ts';
import { zodRule } from '../../shared/validation.ts';

type Announcement = ApiData<'GET /admin/notice/list'>['list'][number];
type Translations = ApiInput<'POST /admin/notice/create'>['body']['translations'];
type Text = { title?: string; body?: string };
type Values = { translations: Record<string, Text> };

const text = announcementTranslation.shape;

/**
 * English is required; another language is optional, but once its title or text is written the
 * other is needed too (a member reading it gets both from one language).
 */
function rules(form: FormInstance<Values>, lang: string, field: keyof Text, label: string): RuleObject[] {
  if (lang === 'en') return [zodRule(text[field], label)];
  const other: keyof Text = field === 'title' ? 'body' : 'title';
  return [
    {
      validator: async (rule, value) => {
        const written = String(form.getFieldValue(['translations', lang, other]) ?? '').trim() !== '';
        await zodRule(written ? text[field] : text[field].optional(), label).validator?.(rule, value, () => {});
      },
    },
  ];
}

/** Announcements to every member's inbox, in seven languages: each member reads theirs, else English. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<Values>();
  const list = useQuery({
    queryKey: ['admin/notice/list', page],
    queryFn: () => call('GET /admin/notice/list', { query: { page, pageSize: 20 } }),
  });
  const send = (values: Values) =>
    confirmAction({
      title: t('identity.notice.confirm'),
      onOk: async () => {
        const translations = filledTranslations(values.translations) as Translations;
        await call('POST /admin/notice/create', { body: { translations } });
        form.resetFields();
        await client.invalidateQueries({ queryKey: ['admin/notice/list'] });
      },
    });
  return (
    <Card title={t('identity.notice.title')}>
      <Typography.Paragraph type="secondary">{t('identity.notice.hint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={send}
        style={{ maxWidth: 720 }}
        initialValues={{ translations: {} }}
        data-testid="announcement-form"
      >
        <Tabs
          items={contentLanguages.map(({ key, label }) => ({
            key,
            label: key === 'en' ? `${label} *` : label,
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['translations', key, 'title']}
                  label={t('identity.notice.subject')}
                  dependencies={[['translations', key, 'body']]}
                  rules={rules(form, key, 'title', t('identity.notice.subject'))}
                >
                  <Input maxLength={120} data-testid={`announcement-title-${key}`} />
                </Form.Item>
                <Form.Item
                  name={['translations', key, 'body']}
                  label={t('identity.notice.body')}
                  dependencies={[['translations', key, 'title']]}
                  rules={rules(form, key, 'body', t('identity.notice.body'))}
                >
                  <Input.TextArea rows={4} maxLength={4000} data-testid={`announcement-body-${key}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Button type="primary" htmlType="submit" data-testid="announcement-send">
          {t('identity.notice.send')}
        </Button>
      </Form>
      <Table<Announcement>
        style={{ marginTop: 24 }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, total: list.data?.total, pageSize: 20, onChange: setPage }}
        columns={[
          { title: t('identity.notice.subject'), dataIndex: 'title' },
          { title: t('identity.notice.body'), dataIndex: 'body', ellipsis: true },
          {
            title: t('identity.notice.languages'),
            render: (_, row) =>
              contentLanguages
                .filter(({ key }) => key in row.translations)
                .map(({ key }) => <Tag key={key}>{key}</Tag>),
          },
          { title: t('identity.notice.recipients'), dataIndex: 'recipients' },
          { title: t('common.time'), render: (_, row) => formatTime(row.createdAt) },
        ]}
      />
    </Card>
  );
}
