import { call } from '@soar/client';
import { type ApiInput, articleTranslation, newsCreateBody } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Select, Skeleton, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { contentLanguages, filledTranslations } from '../../shared/content-languages.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type ArticleBody = ApiInput<'POST /admin/news/create'>['body'];
type Text = { title?: string; summary?: string; body?: string };
type Values = {
  slug: string;
  category: string;
  symbols: string[];
  publishedAt?: dayjs.Dayjs;
  translations: Record<string, Text>;
};

/** Writes or edits an article: English required, each other language in its own tab. */
export function NewsEditor({
  id,
  categories,
  onClose,
}: {
  id?: number;
  categories: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const validation = useSubmitValidation();
  const detail = useQuery({
    queryKey: ['admin/news/detail', id],
    queryFn: () => call('GET /admin/news/detail', { query: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
  const save = useMutation({
    mutationFn: ({ values, draft }: { values: Values; draft: boolean }) => {
      const body = {
        slug: values.slug,
        category: values.category as ArticleBody['category'],
        symbols: values.symbols ?? [],
        publishedAt: values.publishedAt?.toISOString(),
        translations: filledTranslations(values.translations) as ArticleBody['translations'],
      };
      return id === undefined
        ? call('POST /admin/news/create', { body: { ...body, draft } })
        : call('POST /admin/news/update', { body: { id, ...body } });
    },
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/news'] });
      void queryClient.invalidateQueries({ queryKey: ['admin/news/list'] });
      onClose();
    },
  });
  if (id !== undefined && detail.isPending) {
    return (
      <Drawer open width={980} onClose={onClose}>
        <Skeleton active />
      </Drawer>
    );
  }
  const article = detail.data;
  const shape = newsCreateBody.shape;
  const text = articleTranslation.shape;
  const required = (lang: string) => lang === 'en';

  const submit = async (draft: boolean) => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const title = draft
      ? t('news.confirmDraft')
      : id === undefined
        ? t('news.confirmPublishNew')
        : t('common.confirmSave');
    void confirmAction({ title, onOk: () => save.mutateAsync({ values, draft }) });
  };

  return (
    <Drawer
      open
      width={980}
      onClose={onClose}
      title={id === undefined ? t('news.new') : `${t('common.edit')} · ${article?.title ?? ''}`}
      extra={
        <Space>
          {id === undefined && (
            <Button onClick={() => void submit(true)} loading={save.isPending} data-testid="news-save-draft">
              {t('news.saveDraft')}
            </Button>
          )}
          <Button type="primary" onClick={() => void submit(false)} loading={save.isPending} data-testid="news-save">
            {id === undefined ? t('news.publish') : t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger={validation.validateTrigger}
        initialValues={
          article
            ? { ...article, publishedAt: dayjs(article.publishedAt), translations: article.translations }
            : { category: categories[0], symbols: [], translations: {} }
        }
      >
        <Space size="large" wrap>
          <Form.Item name="slug" label={t('news.slug')} rules={[zodRule(shape.slug, t('news.slug'))]}>
            <Input style={{ width: 260 }} placeholder="fed-holds-rates" data-testid="news-slug" />
          </Form.Item>
          <Form.Item name="category" label={t('news.category')}>
            <Select
              style={{ width: 160 }}
              options={categories.map((value) => ({ value, label: t(`news.categories.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="symbols" label={t('news.symbols')} rules={[zodRule(shape.symbols, t('news.symbols'))]}>
            <Select mode="tags" style={{ width: 200 }} tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Form.Item name="publishedAt" label={t('news.publishedAt')}>
            <DatePicker showTime />
          </Form.Item>
        </Space>
        <Tabs
          items={contentLanguages.map(({ key, label }) => ({
            key,
            label: required(key) ? `${label} *` : label,
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['translations', key, 'title']}
                  label={t('news.title')}
                  rules={
                    required(key)
                      ? [zodRule(text.title, t('news.title'))]
                      : [zodRule(text.title.optional(), t('news.title'))]
                  }
                >
                  <Input data-testid={`news-title-${key}`} />
                </Form.Item>
                <Form.Item
                  name={['translations', key, 'summary']}
                  label={t('news.summary')}
                  rules={required(key) ? [zodRule(text.summary, t('news.summary'))] : []}
                >
                  <Input.TextArea rows={2} data-testid={`news-summary-${key}`} />
                </Form.Item>
                <Form.Item
                  name={['translations', key, 'body']}
                  label={t('news.body')}
                  rules={required(key) ? [zodRule(text.body, t('news.body'))] : []}
                >
                  <Input.TextArea rows={10} data-testid={`news-body-${key}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form>
    </Drawer>
  );
}
