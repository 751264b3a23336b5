import { call } from '@soar/client';
import { type ApiData, bannerBody, bannerTranslation } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../shared/confirm-button.tsx';
import { contentLanguages, filledTranslations } from '../../shared/content-languages.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useFormSave } from '../../shared/form-save.ts';
import { EnabledTag } from '../../shared/status.tsx';
import { zodRule } from '../../shared/validation.ts';
import styles from './content.module.css';

type Banner = ApiData<'GET /admin/banner/list'>[number];
type Values = Omit<Banner, 'id'>;

/** The member app's home banners: text in seven languages, a drawn style, a link inside the app. */
export default function BannersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Banner | 'new'>();
  const list = useQuery({ queryKey: ['admin/banner/list'], queryFn: () => call('GET /admin/banner/list') });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/banner/list'] });
  };
  const remove = useMutation({
    mutationFn: (id: number) => call('POST /admin/banner/delete', { body: { id } }),
    onSuccess: done,
  });

  return (
    <Card
      title={t('menu.banners')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="banner-new">
          {t('common.add')}
        </Button>
      }
    >
      <Table<Banner>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        data-testid="banner-table"
        columns={[
          { title: t('channels.sort'), dataIndex: 'sort', width: 70 },
          {
            title: t('banners.preview'),
            render: (_, row) => (
              <div className={`${styles.banner} ${styles[`style${row.style}`] ?? ''}`}>
                <strong>{row.translations.en.title}</strong>
                <span>{row.translations.en.text}</span>
              </div>
            ),
          },
          { title: t('banners.link'), dataIndex: 'link', render: (link: string | null) => link ?? '—' },
          { title: t('news.languages'), render: (_, row) => Object.keys(row.translations).join(' ') },
          {
            title: t('channels.enabled'),
            render: (_, row) => <EnabledTag enabled={row.enabled} />,
          },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('common.edit')}
                </Button>
                <ConfirmButton title={t('banners.confirmDelete')} onConfirm={() => remove.mutateAsync(row.id)}>
                  {t('common.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <BannerForm
          banner={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={done}
        />
      )}
    </Card>
  );
}

function BannerForm({ banner, onClose, onSaved }: { banner?: Banner; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editor = useFormSave(
    form,
    (values: Values) => {
      const body = {
        ...values,
        style: values.style as 0 | 1 | 2,
        link: values.link?.trim() ? values.link.trim() : null,
        translations: filledTranslations(values.translations) as Values['translations'],
      };
      return banner
        ? call('POST /admin/banner/update', { body: { id: banner.id, ...body } })
        : call('POST /admin/banner/create', { body });
    },
    () => {
      onSaved();
      onClose();
    },
  );
  const text = bannerTranslation.shape;
  return (
    <Modal
      open
      width={720}
      title={banner ? t('common.edit') : t('common.add')}
      onCancel={onClose}
      onOk={() => void editor.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger={editor.validateTrigger}
        initialValues={banner ?? { style: 0, sort: 0, enabled: true, translations: {} }}
      >
        <Space size="large" wrap>
          <Form.Item name="style" label={t('banners.style')}>
            <Select
              style={{ width: 140 }}
              options={[0, 1, 2].map((value) => ({ value, label: t('banners.styleN', { n: value + 1 }) }))}
            />
          </Form.Item>
          <Form.Item name="link" label={t('banners.link')}>
            <Input style={{ width: 260 }} placeholder="/pages/deposit/index" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('channels.sort')}
            rules={[zodRule(bannerBody.shape.sort, t('channels.sort'))]}
          >
            <InputNumber data-testid="banner-sort" />
          </Form.Item>
          <Form.Item name="enabled" label={t('channels.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Tabs
          items={contentLanguages.map(({ key, label }) => ({
            key,
            forceRender: true,
            label: key === 'en' ? `${label} *` : label,
            children: (
              <>
                <Form.Item
                  name={['translations', key, 'title']}
                  label={t('news.title')}
                  rules={key === 'en' ? [zodRule(text.title, t('news.title'))] : []}
                >
                  <Input maxLength={80} data-testid={`banner-title-${key}`} />
                </Form.Item>
                <Form.Item
                  name={['translations', key, 'text']}
                  label={t('banners.text')}
                  rules={key === 'en' ? [zodRule(text.text, t('banners.text'))] : []}
                >
                  <Input maxLength={160} data-testid={`banner-text-${key}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}
