import { call } from '@soar/client';
import { type ApiData, instrumentSuspendBody } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useExactMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type Instrument = ApiData<'GET /admin/instrument/list'>['list'][number];

const filterKeys = ['q', 'market', 'kind', 'suspended'] as const;
const markets = ['US', 'HK', 'JP', 'EU'];

/** Instruments with their last price; trading suspended (with a reason) or resumed, audited. */
export default function InstrumentsPage() {
  const { t } = useTranslation();
  const price = useExactMoney();
  const queryClient = useQueryClient();
  const state = useUrlState(filterKeys);
  const [suspending, setSuspending] = useState<Instrument>();
  const { q, market } = state.values;
  const kind = state.values.kind as 'stock' | 'index' | undefined;
  const suspended = state.values.suspended as 'true' | 'false' | undefined;
  const list = useQuery({
    queryKey: ['admin/instrument/list', q, market, kind, suspended, state.page, state.pageSize],
    queryFn: () =>
      call('GET /admin/instrument/list', {
        query: { q, market, kind, suspended, page: state.page, pageSize: state.pageSize },
      }),
  });
  const resume = useMutation({
    mutationFn: (id: number) => call('POST /admin/instrument/resume', { body: { id } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/instrument/list'] });
    },
  });

  return (
    <Card
      title={t('menu.instruments')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('instruments.search')}
            style={{ width: 220 }}
            onSearch={(value) => state.set({ q: value.trim() || undefined })}
            data-testid="instrument-search"
          />
          <Select
            allowClear
            placeholder={t('instruments.market')}
            style={{ width: 120 }}
            value={market}
            onChange={(value) => state.set({ market: value })}
            options={markets.map((value) => ({ value, label: value }))}
          />
          <Select
            allowClear
            placeholder={t('instruments.kind')}
            style={{ width: 120 }}
            value={kind}
            onChange={(value) => state.set({ kind: value })}
            options={(['stock', 'index'] as const).map((value) => ({ value, label: t(`instruments.kinds.${value}`) }))}
          />
          <Select
            allowClear
            placeholder={t('instruments.trading')}
            style={{ width: 150 }}
            value={suspended}
            onChange={(value) => state.set({ suspended: value })}
            options={[
              { value: 'false', label: t('instruments.trades') },
              { value: 'true', label: t('instruments.suspended') },
            ]}
            data-testid="instrument-suspended-filter"
          />
        </Space>
      }
    >
      <Table<Instrument>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="instrument-table"
        columns={[
          {
            title: t('instruments.symbol'),
            dataIndex: 'symbol',
            render: (symbol: string) => <strong>{symbol}</strong>,
          },
          { title: t('instruments.name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('instruments.market'),
            width: 90,
            render: (_, row) => (row.kind === 'index' ? <Tag>{t('instruments.kinds.index')}</Tag> : row.market),
          },
          { title: t('common.currency'), dataIndex: 'currency', width: 90 },
          { title: t('instruments.lot'), dataIndex: 'lotSize', align: 'right', width: 80 },
          { title: t('instruments.price'), align: 'right', render: (_, row) => price(row.price, row.currency) },
          {
            title: t('instruments.change'),
            align: 'right',
            render: (_, row) => (
              <Typography.Text type={row.changePercent.startsWith('-') ? 'danger' : 'success'}>
                {row.changePercent.startsWith('-') ? '' : '+'}
                {row.changePercent} %
              </Typography.Text>
            ),
          },
          {
            title: t('instruments.trading'),
            render: (_, row) =>
              row.suspended ? (
                <Space direction="vertical" size={0}>
                  <Tag color="red">{t('instruments.suspended')}</Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.suspendReason} · {formatTime(row.suspendedAt)}
                  </Typography.Text>
                </Space>
              ) : (
                <Tag color="green">{t('instruments.trades')}</Tag>
              ),
          },
          {
            title: t('common.actions'),
            // The name's ellipsis makes the layout fixed: without a width, "Suspend trading" overflows.
            width: 160,
            render: (_, row) =>
              row.kind === 'index' ? null : row.suspended ? (
                <Button
                  size="small"
                  onClick={() =>
                    void confirmAction({
                      title: t('instruments.confirmResume', { symbol: row.symbol }),
                      onOk: () => resume.mutateAsync(row.id),
                    })
                  }
                  data-testid={`instrument-resume-${row.symbol}`}
                >
                  {t('instruments.resume')}
                </Button>
              ) : (
                <Button
                  size="small"
                  danger
                  onClick={() => setSuspending(row)}
                  data-testid={`instrument-suspend-${row.symbol}`}
                >
                  {t('instruments.suspend')}
                </Button>
              ),
          },
        ]}
      />
      {suspending && <SuspendDialog instrument={suspending} onClose={() => setSuspending(undefined)} />}
    </Card>
  );
}

function SuspendDialog({ instrument, onClose }: { instrument: Instrument; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const validation = useSubmitValidation();
  const suspend = useMutation({
    mutationFn: (reason: string) => call('POST /admin/instrument/suspend', { body: { id: instrument.id, reason } }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/instrument/list'] });
      onClose();
    },
  });
  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    void confirmAction({
      title: t('instruments.confirmSuspend', { symbol: instrument.symbol }),
      content: values.reason,
      onOk: () => suspend.mutateAsync(values.reason),
    });
  };
  return (
    <Modal
      open
      title={`${t('instruments.suspend')} · ${instrument.symbol}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'instrument-suspend-ok' } as Record<string, string>) }}
      okText={t('instruments.suspend')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('instruments.suspendHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" validateTrigger={validation.validateTrigger}>
        <Form.Item
          name="reason"
          label={t('instruments.reason')}
          rules={[zodRule(instrumentSuspendBody.shape.reason, t('instruments.reason'))]}
        >
          <Input.TextArea maxLength={500} rows={3} data-testid="instrument-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
