import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './audit.module.css';

type Row = { key: string; before: unknown; after: unknown; changed: boolean };

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Flattens before and after to dotted keys and lists them side by side, changed keys marked. */
export function diffRows(before: unknown, after: unknown): Row[] {
  const flat = (value: unknown, prefix = '', out = new Map<string, unknown>()) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) flat(inner, prefix ? `${prefix}.${key}` : key, out);
    } else if (prefix) out.set(prefix, value);
    return out;
  };
  const left = flat(before);
  const right = flat(after);
  const keys = [...new Set([...left.keys(), ...right.keys()])];
  return keys.map((key) => ({
    key,
    before: left.get(key),
    after: right.get(key),
    changed: JSON.stringify(left.get(key)) !== JSON.stringify(right.get(key)),
  }));
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = diffRows(before, after);
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      rowClassName={(row) => (row.changed ? (styles.changed ?? '') : '')}
      data-testid="audit-diff"
      columns={[
        { title: t('audit.field'), dataIndex: 'key', width: 220 },
        {
          title: t('audit.before'),
          render: (_, row) => (
            <Typography.Text delete={row.changed && row.before !== undefined}>{show(row.before)}</Typography.Text>
          ),
        },
        {
          title: t('audit.after'),
          render: (_, row) => <Typography.Text strong={row.changed}>{show(row.after)}</Typography.Text>,
        },
      ]}
    />
  );
}
