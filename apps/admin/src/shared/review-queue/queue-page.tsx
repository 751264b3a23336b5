import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { urlPagination, useUrlState } from '../url-state.ts';
import { type HeldRow, holderColumn } from './claim.tsx';
import { QueueSearchBar, type QueueSearchQuery, searchKeys, searchQuery } from './queue-search.tsx';

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

export type QueueQuery = Record<string, number | undefined> & { page: number; pageSize: number; id?: number };

/** What every queue record answers beside itself: who holds it, who decided it. */
type QueueRow = HeldRow & { id: number };

/** What a queue's review drawer is given: the record, and what to do once decided or closed. */
export type ReviewProps<Row> = { row: Row; onClose: () => void; onDecided: (row: Row) => void };

const numberOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * One review queue (docs/admin.md, Queues): a table bound to one list call, its filters, search,
 * page and open record in the URL (`/deposits?status=0&uid=10000001&page=2&open=17`), opening on
 * what waits; a row opens its review in a drawer, read again by its id so it shows the record as
 * it now stands (decided by someone else meanwhile, say).
 */
export function QueuePage<Row extends QueueRow>({
  title,
  listKey,
  load,
  filters,
  columns,
  testId,
  review,
  amount = true,
}: {
  title: string;
  /** The list call, the start of the query key every decision invalidates. */
  listKey: string;
  /** The page's filters, and the search every queue shares to spread into the call's query. */
  load: (query: QueueQuery, search: QueueSearchQuery) => Promise<{ list: Row[]; total: number }>;
  filters: QueueFilter[];
  columns: ColumnsType<Row>;
  testId: string;
  review: (props: ReviewProps<Row>) => ReactNode;
  /** Whether the records have an amount to search a range of. */
  amount?: boolean;
}) {
  const { t } = useTranslation();
  const state = useUrlState([...filters.map((filter) => filter.key), 'open', ...searchKeys]);
  const values = Object.fromEntries(filters.map((filter) => [filter.key, numberOf(state.values[filter.key])]));
  const query = { ...values, page: state.page, pageSize: state.pageSize };
  const search = searchQuery(state.values);
  const list = useQuery({ queryKey: [listKey, query, search], queryFn: () => load(query, search) });
  const openId = numberOf(state.values.open);
  const opened = useQuery({
    queryKey: [listKey, 'open', openId],
    queryFn: async () => (await load({ id: openId, page: 1, pageSize: 1 }, {})).list[0] ?? null,
    enabled: openId !== undefined,
  });
  // The record as decided here, until it is read again: a decision may take it off the filtered list.
  const [held, setHeld] = useState<Row>();
  const fresh = opened.isFetching ? undefined : opened.data;
  const open =
    (fresh?.id === openId ? fresh : undefined) ??
    (held?.id === openId ? held : undefined) ??
    opened.data ??
    list.data?.list.find((item) => item.id === openId);

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
      <QueueSearchBar state={state} amount={amount} />
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
        columns={[...columns, holderColumn(t('queue.holder'))]}
      />
      {open &&
        review({ row: open, onDecided: setHeld, onClose: () => state.set({ open: undefined, page: state.page }) })}
    </Card>
  );
}
