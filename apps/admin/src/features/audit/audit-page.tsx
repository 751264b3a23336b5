import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { AuditDiff } from './audit-diff.tsx';

type AuditEntry = ApiData<'GET /admin/audit/list'>['list'][number];

const filterKeys = ['operatorId', 'entity', 'entityId', 'action', 'from', 'to'] as const;
/** The entities operators' actions touch; a domain adds its own as it lands. */
const entities = [
  'deposit',
  'withdrawal',
  'adjustment',
  'member',
  'operator',
  'deposit_channel',
  'setting',
  'news',
  'banner',
];

/** Every operator action, with filters in the URL and each change's before and after. */
export default function AuditPage() {
  const { t } = useTranslation();
  const state = useUrlState(filterKeys);
  const { operatorId, entity, entityId, action, from, to } = state.values;
  const query = {
    operatorId: operatorId ? Number(operatorId) : undefined,
    entity,
    entityId,
    action,
    from,
    to,
    page: state.page,
    pageSize: state.pageSize,
  };
  const list = useQuery({
    queryKey: ['admin/audit/list', query],
    queryFn: () => call('GET /admin/audit/list', { query }),
  });

  return (
    <Card title={t('menu.audit')}>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        key={JSON.stringify(state.values)}
        initialValues={{
          operatorId: operatorId ? Number(operatorId) : undefined,
          entity,
          entityId,
          action,
          range: from && to ? [dayjs(from), dayjs(to)] : undefined,
        }}
        onFinish={(values: {
          operatorId?: number;
          entity?: string;
          entityId?: string;
          action?: string;
          range?: [dayjs.Dayjs, dayjs.Dayjs];
        }) =>
          state.set({
            operatorId: values.operatorId,
            entity: values.entity,
            entityId: values.entityId?.trim(),
            action: values.action?.trim(),
            from: values.range?.[0]?.startOf('day').toISOString(),
            to: values.range?.[1]?.endOf('day').toISOString(),
          })
        }
        data-testid="audit-filters"
      >
        <Form.Item name="operatorId" label={t('audit.operator')}>
          <InputNumber min={1} precision={0} placeholder="ID" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <Select
            allowClear
            style={{ width: 170 }}
            options={entities.map((value) => ({ value, label: t(`audit.entities.${value}`) }))}
            data-testid="audit-entity"
          />
        </Form.Item>
        <Form.Item name="entityId" label="ID">
          <Input style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input placeholder="deposit.review" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.filter')}
        </Button>
        <Button
          type="link"
          onClick={() =>
            state.set({
              operatorId: undefined,
              entity: undefined,
              entityId: undefined,
              action: undefined,
              from: undefined,
              to: undefined,
            })
          }
        >
          {t('common.reset')}
        </Button>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        expandable={{ expandedRowRender: (row) => <AuditDiff before={row.before} after={row.after} /> }}
        data-testid="audit-table"
        columns={[
          { title: t('common.time'), render: (_, row) => formatTime(row.time), width: 220 },
          {
            title: t('audit.operator'),
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => state.set({ operatorId: row.operatorId })}>
                {row.operatorName} (#{row.operatorId})
              </Button>
            ),
          },
          { title: t('audit.action'), render: (_, row) => <Tag color="blue">{row.action}</Tag> },
          {
            title: t('audit.entity'),
            render: (_, row) => `${t(`audit.entities.${row.entity}`, { defaultValue: row.entity })} #${row.entityId}`,
          },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}
