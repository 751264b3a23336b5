import { call } from '@soar/client';
import { type ApiData, quantFundBody, quantSaleStates } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../shared/confirm-button.tsx';
import { useCurrencies, useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useFormSave } from '../../shared/form-save.ts';
import { formatPercent, formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { zodRule } from '../../shared/validation.ts';
import { FundDetail } from './fund-detail.tsx';

export type AdminFund = ApiData<'GET /admin/quant/list'>['list'][number];
type Values = {
  name: string;
  market: string;
  currency: string;
  cycleDays: number;
  dailyRateMin: string;
  dailyRateMax: string;
  minAmount: string;
  maxAmount?: string;
  window: [Dayjs, Dayjs];
  lastTradeDay: Dayjs;
  sort: number;
};

const saleColours = {
  [quantSaleStates.upcoming]: 'blue',
  [quantSaleStates.onSale]: 'green',
  [quantSaleStates.ended]: 'default',
};

export function SaleState({ fund }: { fund: Pick<AdminFund, 'saleState' | 'closedAt'> }) {
  const { t } = useTranslation();
  if (fund.closedAt) return <Tag>{t('funds.closed')}</Tag>;
  return <Tag color={saleColours[fund.saleState]}>{t(`funds.sale.${fund.saleState}`)}</Tag>;
}

/** Quant funds: publish, change (terms lock once bought), close; each one's rates and orders. */
export default function FundsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const state = useUrlState(['open'] as const);
  const [editing, setEditing] = useState<AdminFund | 'new'>();
  const list = useQuery({
    queryKey: ['admin/quant/list', state.page, state.pageSize],
    queryFn: () => call('GET /admin/quant/list', { query: { page: state.page, pageSize: state.pageSize } }),
  });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/quant/list'] });
  };
  const close = useMutation({
    mutationFn: (id: number) => call('POST /admin/quant/close', { body: { id } }),
    onSuccess: done,
  });
  const openId = state.values.open === undefined ? undefined : Number(state.values.open);
  const open = list.data?.list.find((item) => item.id === openId);

  return (
    <Card
      title={t('menu.funds')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="fund-new">
          {t('funds.new')}
        </Button>
      }
    >
      <Table<AdminFund>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="fund-table"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('funds.name'), dataIndex: 'name' },
          { title: t('funds.market'), render: (_, row) => `${row.market} · ${row.currency}` },
          { title: t('loans.cycle'), render: (_, row) => t('funds.cycleDays', { count: row.cycleDays }) },
          {
            title: t('funds.dailyRate'),
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatPercent(row.dailyRateMin)} – {formatPercent(row.dailyRateMax)}
              </span>
            ),
          },
          {
            title: t('funds.latestRate'),
            render: (_, row) =>
              row.latestRate ? (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {formatPercent(row.latestRate)}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.latestRateDate}
                  </Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: t('funds.sale.window'),
            render: (_, row) => (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {formatTime(row.startTime)}
                <br />
                {formatTime(row.endTime)}
              </Typography.Text>
            ),
          },
          { title: t('funds.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('funds.invested'), align: 'right', render: (_, row) => money(row.invested, row.currency) },
          { title: t('common.status'), render: (_, row) => <SaleState fund={row} /> },
          {
            title: t('common.actions'),
            fixed: 'right',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => state.set({ open: row.id, page: state.page })}>
                  {t('funds.details')}
                </Button>
                <Button size="small" onClick={() => setEditing(row)} data-testid={`fund-edit-${row.id}`}>
                  {t('common.edit')}
                </Button>
                {!row.closedAt && (
                  <ConfirmButton
                    title={t('funds.confirmClose', { name: row.name })}
                    content={t('funds.closeHint')}
                    onConfirm={() => close.mutateAsync(row.id)}
                    testId={`fund-close-${row.id}`}
                  >
                    {t('funds.close')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ]}
      />
      {open && <FundDetail fund={open} onClose={() => state.set({ open: undefined, page: state.page })} />}
      {editing && (
        <FundForm fund={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} onSaved={done} />
      )}
    </Card>
  );
}

function FundForm({ fund, onClose, onSaved }: { fund?: AdminFund; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const markets = useQuery({ queryKey: ['market/status/list'], queryFn: () => call('GET /market/status/list') });
  const [form] = Form.useForm<Values>();
  // Terms a holder bought on are fixed once the fund has an order (the server refuses a change).
  const locked = (fund?.orders ?? 0) > 0;
  const editor = useFormSave(
    form,
    (values: Values) => {
      const body = {
        name: values.name,
        market: values.market,
        currency: values.currency,
        cycleDays: values.cycleDays,
        dailyRateMin: values.dailyRateMin,
        dailyRateMax: values.dailyRateMax,
        minAmount: values.minAmount,
        maxAmount: values.maxAmount?.trim() ? values.maxAmount.trim() : null,
        startTime: values.window[0].toISOString(),
        endTime: values.window[1].toISOString(),
        lastTradeDay: values.lastTradeDay.format('YYYY-MM-DD'),
        sort: values.sort,
      };
      if (!fund) return call('POST /admin/quant/create', { body });
      const { market, currency, cycleDays, dailyRateMin, dailyRateMax, ...open } = body;
      return call('POST /admin/quant/update', {
        body: { id: fund.id, ...open, ...(locked ? {} : { market, currency, cycleDays, dailyRateMin, dailyRateMax }) },
      });
    },
    () => {
      onSaved();
      onClose();
    },
  );
  const field = quantFundBody.shape;
  const initial: Partial<Values> = fund
    ? {
        ...fund,
        maxAmount: fund.maxAmount ?? undefined,
        window: [dayjs(fund.startTime), dayjs(fund.endTime)],
        lastTradeDay: dayjs(fund.lastTradeDay),
      }
    : { market: 'US', currency: 'USDT', cycleDays: 5, sort: 0 };
  return (
    <Modal
      open
      width={720}
      title={fund ? `${t('common.edit')} · ${fund.name}` : t('funds.new')}
      onCancel={onClose}
      onOk={() => void editor.submit()}
      okButtonProps={{ 'data-testid': 'fund-save' } as Record<string, string>}
      destroyOnHidden
    >
      {locked && <Typography.Paragraph type="secondary">{t('funds.lockedHint')}</Typography.Paragraph>}
      <Form<Values> form={form} layout="vertical" validateTrigger={editor.validateTrigger} initialValues={initial}>
        <Form.Item name="name" label={t('funds.name')} rules={[zodRule(field.name, t('funds.name'))]}>
          <Input maxLength={80} data-testid="fund-name" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="market" label={t('funds.market')} rules={[zodRule(field.market, t('funds.market'))]}>
            <Select
              disabled={locked}
              style={{ width: 140 }}
              options={markets.data
                ?.filter((item) => item.kind === 'market')
                .map((item) => ({ value: item.key, label: item.key }))}
              data-testid="fund-market"
            />
          </Form.Item>
          <Form.Item
            name="currency"
            label={t('common.currency')}
            rules={[zodRule(field.currency, t('common.currency'))]}
          >
            <Select
              disabled={locked}
              style={{ width: 140 }}
              options={currencies.data?.map((item) => ({ value: item.code, label: item.code }))}
            />
          </Form.Item>
          <Form.Item
            name="cycleDays"
            label={t('funds.cycle')}
            extra={t('funds.cycleHint')}
            rules={[zodRule(field.cycleDays, t('funds.cycle'))]}
          >
            <InputNumber disabled={locked} data-testid="fund-cycle" />
          </Form.Item>
          <Form.Item name="sort" label={t('channels.sort')} rules={[zodRule(field.sort, t('channels.sort'))]}>
            <InputNumber data-testid="fund-sort" />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="dailyRateMin"
            label={t('funds.rateMin')}
            extra={t('loanProducts.rateHint')}
            rules={[zodRule(field.dailyRateMin, t('funds.rateMin'))]}
          >
            <Input disabled={locked} style={{ width: 180 }} placeholder="0.001" data-testid="fund-rate-min" />
          </Form.Item>
          <Form.Item
            name="dailyRateMax"
            label={t('funds.rateMax')}
            dependencies={['dailyRateMin']}
            rules={[
              zodRule(field.dailyRateMax, t('funds.rateMax')),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  const min = getFieldValue('dailyRateMin') as string | undefined;
                  const ok = (text?: string) => text !== undefined && field.dailyRateMin.safeParse(text).success;
                  if (ok(value) && ok(min) && new Decimal(value ?? 0).lt(min ?? 0))
                    throw new Error(t('funds.rateMaxBelowMin'));
                },
              }),
            ]}
          >
            <Input disabled={locked} style={{ width: 180 }} placeholder="0.003" data-testid="fund-rate-max" />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="minAmount"
            label={t('funds.minAmount')}
            rules={[zodRule(field.minAmount, t('funds.minAmount'))]}
          >
            <Input style={{ width: 180 }} data-testid="fund-min" />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={t('funds.maxAmount')}
            extra={t('funds.maxAmountHint')}
            rules={[zodRule(field.maxAmount, t('funds.maxAmount'))]}
          >
            <Input style={{ width: 180 }} data-testid="fund-max" />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="window"
            label={t('funds.sale.window')}
            rules={[{ required: true, message: t('validation.required', { field: t('funds.sale.window') }) }]}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              data-testid="fund-window"
            />
          </Form.Item>
          <Form.Item
            name="lastTradeDay"
            label={t('funds.lastTradeDay')}
            extra={t('funds.lastTradeDayHint')}
            rules={[{ required: true, message: t('validation.required', { field: t('funds.lastTradeDay') }) }]}
          >
            <DatePicker data-testid="fund-last-day" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
