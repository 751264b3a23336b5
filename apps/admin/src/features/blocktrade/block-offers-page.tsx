import { call } from '@soar/client';
import { type ApiData, type BlockOfferStatus, blockOfferBody, blockOfferStatuses } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../shared/confirm-button.tsx';
import { useExactMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useFormSave } from '../../shared/form-save.ts';
import { formatPercent, formatTime } from '../../shared/format.ts';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';
import { zodRule } from '../../shared/validation.ts';

type Offer = ApiData<'GET /admin/blocktrade/offer/list'>['list'][number];
type Values = {
  symbol: string;
  pricing: 'price' | 'discount';
  price?: string;
  discount?: string;
  minQuantity: number;
  maxQuantity: number;
  window: [Dayjs, Dayjs];
};

const statusColours: Record<BlockOfferStatus, string> = {
  [blockOfferStatuses.scheduled]: 'blue',
  [blockOfferStatuses.open]: 'green',
  [blockOfferStatuses.closed]: 'default',
};
const statuses = Object.values(blockOfferStatuses);

/** Block offers (docs/blocktrade.md): publish at a fixed price or a discount to the last, change, close early. */
export default function BlockOffersPage() {
  const { t } = useTranslation();
  const price = useExactMoney();
  const queryClient = useQueryClient();
  const state = useUrlState(['status'] as const);
  const status = statuses.find((item) => item === state.values.status);
  const [editing, setEditing] = useState<Offer | 'new'>();
  const list = useQuery({
    queryKey: ['admin/blocktrade/offer/list', status, state.page, state.pageSize],
    queryFn: () =>
      call('GET /admin/blocktrade/offer/list', { query: { status, page: state.page, pageSize: state.pageSize } }),
  });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/blocktrade/offer/list'] });
  };
  const close = useMutation({
    mutationFn: (id: number) => call('POST /admin/blocktrade/offer/close', { body: { id } }),
    onSuccess: done,
  });

  return (
    <Card
      title={t('menu.blockOffers')}
      extra={
        <Space>
          <Select<BlockOfferStatus>
            allowClear
            placeholder={t('common.status')}
            style={{ width: 160 }}
            value={status}
            onChange={(value) => state.set({ status: value, page: 1 })}
            options={statuses.map((value) => ({ value, label: t(`blockOffers.status.${value}`) }))}
            data-testid="block-offer-status-filter"
          />
          <Button type="primary" onClick={() => setEditing('new')} data-testid="block-offer-new">
            {t('blockOffers.new')}
          </Button>
        </Space>
      }
    >
      <Table<Offer>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="block-offer-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('orders.symbol'), render: (_, row) => `${row.symbol} · ${row.name}` },
          {
            title: t('blockOffers.pricing'),
            render: (_, row) =>
              row.price === null
                ? t('blockOffers.discountOff', { discount: formatPercent(row.discount ?? '0') })
                : `${price(row.price, row.currency)} ${row.currency}`,
          },
          {
            title: t('blockOffers.blockPrice'),
            align: 'right',
            render: (_, row) =>
              row.blockPrice
                ? `${price(row.blockPrice, row.currency)} (${t('blockOffers.last', { price: row.lastPrice ? price(row.lastPrice, row.currency) : '—' })})`
                : '—',
          },
          {
            title: t('blockOffers.quantities'),
            align: 'right',
            render: (_, row) =>
              t('blockOffers.quantityRange', {
                min: row.minQuantity.toLocaleString(),
                max: row.maxQuantity.toLocaleString(),
              }),
          },
          {
            title: t('blockOffers.ordered'),
            align: 'right',
            render: (_, row) =>
              t('blockOffers.orderedOf', {
                ordered: row.orderedQuantity.toLocaleString(),
                pending: row.pendingOrders,
              }),
          },
          {
            title: t('blockOffers.window'),
            render: (_, row) => `${formatTime(row.opensAt)} – ${formatTime(row.closedAt ?? row.closesAt)}`,
          },
          {
            title: t('common.status'),
            render: (_, row) => (
              <Tag color={statusColours[row.status]} data-testid={`block-offer-status-${row.id}`}>
                {t(`blockOffers.status.${row.status}`)}
              </Tag>
            ),
          },
          {
            title: t('common.actions'),
            render: (_, row) =>
              row.status !== blockOfferStatuses.closed && (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)} data-testid={`block-offer-edit-${row.id}`}>
                    {t('common.edit')}
                  </Button>
                  <ConfirmButton
                    title={t('blockOffers.confirmClose', { symbol: row.symbol, id: row.id })}
                    content={t('blockOffers.closeHint')}
                    onConfirm={() => close.mutateAsync(row.id)}
                    testId={`block-offer-close-${row.id}`}
                  >
                    {t('blockOffers.close')}
                  </ConfirmButton>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <OfferForm
          offer={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={done}
        />
      )}
    </Card>
  );
}

function OfferForm({ offer, onClose, onSaved }: { offer?: Offer; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const pricing = Form.useWatch('pricing', form);
  const editor = useFormSave(
    form,
    (values: Values) => {
      const body = {
        symbol: values.symbol,
        price: values.pricing === 'price' ? values.price?.trim() : null,
        discount: values.pricing === 'discount' ? values.discount?.trim() : null,
        minQuantity: values.minQuantity,
        maxQuantity: values.maxQuantity,
        opensAt: values.window[0].toISOString(),
        closesAt: values.window[1].toISOString(),
      };
      if (!offer) return call('POST /admin/blocktrade/offer/create', { body });
      return call('POST /admin/blocktrade/offer/update', { body: { id: offer.id, ...body } });
    },
    () => {
      onSaved();
      onClose();
    },
  );
  const field = blockOfferBody.shape;
  const initial: Partial<Values> = offer
    ? {
        symbol: offer.symbol,
        pricing: offer.price === null ? 'discount' : 'price',
        price: offer.price ?? undefined,
        discount: offer.discount ?? undefined,
        minQuantity: offer.minQuantity,
        maxQuantity: offer.maxQuantity,
        window: [dayjs(offer.opensAt), dayjs(offer.closesAt)],
      }
    : { pricing: 'discount', minQuantity: 10_000, maxQuantity: 100_000, window: [dayjs(), dayjs().add(7, 'day')] };
  return (
    <Modal
      open
      width={720}
      title={offer ? `${t('common.edit')} · ${offer.symbol}` : t('blockOffers.new')}
      onCancel={onClose}
      onOk={() => void editor.submit()}
      okButtonProps={{ 'data-testid': 'block-offer-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" validateTrigger={editor.validateTrigger} initialValues={initial}>
        <Space size="large" wrap>
          <Form.Item name="symbol" label={t('orders.symbol')} rules={[zodRule(field.symbol, t('orders.symbol'))]}>
            <Input style={{ width: 160 }} maxLength={32} disabled={Boolean(offer)} data-testid="block-offer-symbol" />
          </Form.Item>
          <Form.Item name="pricing" label={t('blockOffers.pricing')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'discount', label: t('blockOffers.byDiscount') },
                { value: 'price', label: t('blockOffers.byPrice') },
              ]}
              data-testid="block-offer-pricing"
            />
          </Form.Item>
          {pricing === 'price' ? (
            <Form.Item
              name="price"
              label={t('blockOffers.fixedPrice')}
              rules={[zodRule(field.price.unwrap().unwrap(), t('blockOffers.fixedPrice'))]}
            >
              <Input style={{ width: 160 }} data-testid="block-offer-price" />
            </Form.Item>
          ) : (
            <Form.Item
              name="discount"
              label={t('blockOffers.discount')}
              extra={t('blockOffers.discountHint')}
              rules={[zodRule(field.discount.unwrap().unwrap(), t('blockOffers.discount'))]}
            >
              <Input style={{ width: 160 }} placeholder="0.05" data-testid="block-offer-discount" />
            </Form.Item>
          )}
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="minQuantity"
            label={t('blockOffers.minQuantity')}
            extra={t('blockOffers.minQuantityHint')}
            rules={[zodRule(field.minQuantity, t('blockOffers.minQuantity'))]}
          >
            <InputNumber style={{ width: 180 }} data-testid="block-offer-min" />
          </Form.Item>
          <Form.Item
            name="maxQuantity"
            label={t('blockOffers.maxQuantity')}
            dependencies={['minQuantity']}
            rules={[
              zodRule(field.maxQuantity, t('blockOffers.maxQuantity')),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: number | undefined) => {
                  const min = getFieldValue('minQuantity') as number | undefined;
                  if (value !== undefined && min !== undefined && value < min)
                    throw new Error(t('blockOffers.maxBelowMin'));
                },
              }),
            ]}
          >
            <InputNumber style={{ width: 180 }} data-testid="block-offer-max" />
          </Form.Item>
        </Space>
        <Form.Item
          name="window"
          label={t('blockOffers.window')}
          rules={[{ required: true, message: t('validation.required', { field: t('blockOffers.window') }) }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            data-testid="block-offer-window"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
