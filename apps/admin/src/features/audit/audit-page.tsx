import { call } from '@soar/client';
import { type ApiData, type AuditEntity, auditEntities } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { AuditDiff } from './audit-diff.tsx';
import { useAuditLabels } from './audit-labels.ts';

type AuditEntry = ApiData<'GET /admin/audit/list'>['list'][number];
type Filters = {
  operator?: string;
  uid?: string;
  entity?: AuditEntity;
  entityId?: string;
  action?: string;
  range?: [dayjs.Dayjs, dayjs.Dayjs];
};

const filterKeys = ['operator', 'operatorId', 'uid', 'entity', 'entityId', 'action', 'from', 'to'] as const;
const cleared = Object.fromEntries(filterKeys.map((key) => [key, undefined]));
const isEntity = (value: string | undefined): value is AuditEntity =>
  (auditEntities as readonly string[]).includes(value ?? '');

/**
 * Every operator action and sign-in, in words (the raw key on hover), with filters in the URL:
 * by operator username, member UID, record and action, and each change's before and after.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const labels = useAuditLabels();
  const state = useUrlState(filterKeys);
  const { operator, operatorId, uid, entity, entityId, action, from, to } = state.values;
  const query = {
    operator,
    operatorId: operatorId ? Number(operatorId) : undefined,
    uid,
    entity: isEntity(entity) ? entity : undefined,
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
  const entityOptions = auditEntities
    .map((value) => ({ value, label: labels.entity(value) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <Card title={t('menu.audit')}>
      <Form<Filters>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        key={JSON.stringify(state.values)}
        initialValues={{
          operator,
          uid,
          entity: query.entity,
          entityId,
          action,
          range: from && to ? [dayjs(from), dayjs(to)] : undefined,
        }}
        onFinish={(values) =>
          state.set({
            operator: values.operator?.trim(),
            operatorId: undefined,
            uid: values.uid?.trim(),
            entity: values.entity,
            entityId: values.entityId?.trim(),
            action: values.action?.trim(),
            from: values.range?.[0]?.startOf('day').toISOString(),
            to: values.range?.[1]?.endOf('day').toISOString(),
          })
        }
        data-testid="audit-filters"
      >
        <Form.Item name="operator" label={t('audit.operator')}>
          <Input
            placeholder={t('audit.operatorPlaceholder')}
            allowClear
            style={{ width: 140 }}
            data-testid="audit-operator"
          />
        </Form.Item>
        <Form.Item name="uid" label={t('audit.memberUid')}>
          <Input
            placeholder={t('audit.uidPlaceholder')}
            allowClear
            maxLength={8}
            inputMode="numeric"
            style={{ width: 120 }}
            data-testid="audit-uid"
          />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 190 }}
            options={entityOptions}
            data-testid="audit-entity"
          />
        </Form.Item>
        <Form.Item name="entityId" label={t('audit.recordId')}>
          <Input style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input placeholder="deposit.review" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-filter">
          {t('common.filter')}
        </Button>
        <Button type="link" onClick={() => state.set(cleared)}>
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
          { title: t('common.time'), render: (_, row) => formatTime(row.time), width: 190 },
          {
            title: t('audit.operator'),
            render: (_, row) => {
              const name = row.operatorName ?? attemptedUsername(row);
              const label = row.operatorName ?? t('audit.unknownOperator', { username: name ?? '—' });
              return name ? (
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  title={row.operatorId === null ? undefined : `#${row.operatorId}`}
                  onClick={() => state.set({ ...cleared, operator: name })}
                >
                  {label}
                </Button>
              ) : (
                label
              );
            },
          },
          {
            title: t('audit.action'),
            render: (_, row) => (
              <Tag color={actionColor(row.action)} title={row.action} data-testid="audit-action">
                {labels.action(row.action)}
              </Tag>
            ),
          },
          {
            title: t('audit.entity'),
            render: (_, row) => (
              <span title={`${row.entity}${row.entityId ? ` #${row.entityId}` : ''}`}>
                {labels.entity(row.entity)}
                {row.entityId && row.entity !== 'member' ? ` #${row.entityId}` : ''}
              </span>
            ),
          },
          {
            title: t('audit.member'),
            render: (_, row) =>
              row.memberUid ? (
                <Space size={4}>
                  <Link to={`/members/${row.memberUid}`}>{row.memberUid}</Link>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => state.set({ ...cleared, uid: row.memberUid ?? undefined })}
                  >
                    {t('common.filter')}
                  </Button>
                </Space>
              ) : (
                '—'
              ),
          },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}

/** A failed sign-in under an unknown username names no operator: the username typed stands in. */
function attemptedUsername(row: AuditEntry): string | undefined {
  if (row.entity !== 'operator' || !row.after || typeof row.after !== 'object') return undefined;
  const username = (row.after as { username?: unknown }).username;
  return typeof username === 'string' ? username : undefined;
}

function actionColor(action: string): string {
  if (action === 'operator.loginFailed') return 'red';
  if (action.startsWith('operator.log')) return 'default';
  return 'blue';
}
