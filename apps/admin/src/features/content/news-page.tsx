import { call } from '@soar/client';
import { type ApiData, newsCategories } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { NewsEditor } from './news-editor.tsx';

type Article = ApiData<'GET /admin/news/list'>['list'][number];

const filterKeys = ['q', 'state', 'edit'] as const;

/** A draft or an unpublished article: members do not see it; its action is to publish. */
const offMemberApp = (row: Article) => row.draft || row.unpublishedAt !== null;

/** News in seven languages: list, write, edit, take off the member app and put back. */
export default function NewsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useUrlState(filterKeys);
  const { q, edit } = state.values;
  const published = state.values.state as 'draft' | 'published' | 'unpublished' | undefined;
  const list = useQuery({
    queryKey: ['admin/news/list', q, published, state.page, state.pageSize],
    queryFn: () =>
      call('GET /admin/news/list', { query: { q, state: published, page: state.page, pageSize: state.pageSize } }),
  });
  const toggle = useMutation({
    mutationFn: (row: Article) =>
      offMemberApp(row)
        ? call('POST /admin/news/publish', { body: { id: row.id } })
        : call('POST /admin/news/unpublish', { body: { id: row.id } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/news/list'] });
    },
  });

  return (
    <Card
      title={t('menu.news')}
      extra={
        <Space>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('news.search')}
            onSearch={(value) => state.set({ q: value.trim() || undefined })}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            placeholder={t('common.all')}
            value={published}
            style={{ width: 150 }}
            onChange={(value) => state.set({ state: value })}
            options={['draft', 'published', 'unpublished'].map((value) => ({ value, label: t(`news.${value}`) }))}
            data-testid="news-state-filter"
          />
          <Button type="primary" onClick={() => state.set({ edit: 'new', page: state.page })} data-testid="news-new">
            {t('news.new')}
          </Button>
        </Space>
      }
    >
      <Table<Article>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="news-table"
        columns={[
          { title: t('news.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('news.category'),
            render: (_, row) => <Tag>{t(`news.categories.${row.category}`)}</Tag>,
            width: 120,
          },
          { title: t('news.languages'), render: (_, row) => row.languages.join(' '), width: 200 },
          { title: t('news.publishedAt'), render: (_, row) => formatTime(row.publishedAt), width: 220 },
          {
            title: t('common.status'),
            width: 110,
            render: (_, row) =>
              row.draft ? (
                <Tag color="gold">{t('news.draft')}</Tag>
              ) : row.unpublishedAt ? (
                <Tag>{t('news.unpublished')}</Tag>
              ) : (
                <Tag color="green">{t('news.published')}</Tag>
              ),
          },
          {
            title: t('common.actions'),
            width: 200,
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => state.set({ edit: row.id, page: state.page })}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger={!offMemberApp(row)}
                  onClick={() =>
                    void confirmAction({
                      title: t(
                        row.draft
                          ? 'news.confirmPublishDraft'
                          : row.unpublishedAt
                            ? 'news.confirmPublish'
                            : 'news.confirmUnpublish',
                      ),
                      content: row.title,
                      onOk: () => toggle.mutateAsync(row),
                    })
                  }
                  data-testid={`news-toggle-${row.id}`}
                >
                  {offMemberApp(row) ? t('news.publish') : t('news.unpublish')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {edit && (
        <NewsEditor
          id={edit === 'new' ? undefined : Number(edit)}
          categories={newsCategories}
          onClose={() => state.set({ edit: undefined, page: state.page })}
        />
      )}
    </Card>
  );
}
