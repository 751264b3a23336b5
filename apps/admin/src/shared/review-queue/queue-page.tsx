import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { urlPagination, useUrlState } from '../url-state.ts';

/** A numeric filter of a queue, kept in the URL (`?status=0`). */
export type QueueFilter = {
  key: string;
  /** Shown before the select; none for a filter set by a link (a member's id). */
  label?: string;
  width: number;
  options: (value: number | undefined) => { value: number; label: string }[];
  /** A filter set by a link shows only while set, and clearing it is all it offers. */
  onlyWhenSet?: boolean;
  testId?: string;
};

export type QueueQuery = Record<string, number | undefined> & { page: number; pageSize: number };

/** What a queue's review drawer is given: the record, and what to do once decided or closed. */
export type ReviewProps<Row> = { row: Row; onClose: () => void; onDecided: (row: Row) => void };

const numberOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * One review queue (docs/admin.md): a table bound to one list call, its filters, page and open
 * record in the URL (`/deposits?status=0&page=2&open=17`), a row opening its review in a drawer.
 */
export function QueuePage<Row extends { id: number }>({
  title,
  listKey,
  load,
  filters,
  columns,
  testId,
  review,
}: {
  title: string;
  /** The list call, the start of the query key every decision invalidates. */
  listKey: string;
  load: (query: QueueQuery) => Promise<{ list: Row[]; total: number }>;
  filters: QueueFilter[];
  columns: ColumnsType<Row>;
  testId: string;
  review: (props: ReviewProps<Row>) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = useUrlState([...filters.map((filter) => filter.key), 'open']);
  const values = Object.fromEntries(filters.map((filter) => [filter.key, numberOf(state.values[filter.key])]));
  const query = { ...values, page: state.page, pageSize: state.pageSize };
  const list = useQuery({ queryKey: [listKey, query], queryFn: () => load(query) });
  const openId = numberOf(state.values.open);
  // The record as last opened or decided here: after a decision it may leave the filtered list.
  const [held, setHeld] = useState<Row>();
  const open = (held?.id === openId ? held : undefined) ?? list.data?.list.find((item) => item.id === openId);

  return (
    <Card
      title={title}
      extra={
        <Space>
          {filters.map((filter) => {
            const value = values[filter.key];
            if (filter.onlyWhenSet && value === undefined) return null;
            return (
              <Space key={filter.key}>
                {filter.label}
                <Select
                  allowClear
                  placeholder={t('common.all')}
                  style={{ width: filter.width }}
                  value={value}
                  onChange={(next?: number) => state.set({ [filter.key]: next })}
                  options={filter.options(value)}
                  data-testid={filter.testId}
                />
              </Space>
            );
          })}
        </Space>
      }
    >
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        data-testid={testId}
        columns={columns}
      />
      {open &&
        review({ row: open, onDecided: setHeld, onClose: () => state.set({ open: undefined, page: state.page }) })}
    </Card>
  );
}
