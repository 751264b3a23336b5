import { call } from '@soar/client';
import { type ApiData, ipoOfferBody, ipoOfferTranslation, ipoReviewBody } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { contentLanguages, filledTranslations } from '../../shared/content-languages.ts';
import { useExactMoney, useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatCount, formatTime } from '../../shared/format.ts';
import { holderColumn, useClaim } from '../../shared/review-queue/claim.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { zodRule } from '../../shared/validation.ts';

type Offer = ApiData<'GET /admin/ipo/offer/list'>['list'][number];
type Subscription = ApiData<'GET /admin/ipo/list'>['list'][number];
type Values = {
  symbol: string;
  name: string;
  market: string;
  currency: string;
  /** The description per language; only English is required, and only when another is written. */
  translations?: Record<string, { description?: string } | undefined>;
  lotSize: number;
  minLots: number;
  maxLots: number;
  sharesOffered: number;
  priceMin: string;
  priceMax: string;
  fee: string;
  startTime: string;
  endTime: string;
  allotmentTime: string;
  listingTime: string;
};

const offersKey = ['admin/ipo/offer/list'];
const otherLanguages = contentLanguages.filter((language) => language.key !== 'en');
const offerStates = ['upcoming', 'open', 'closed', 'allotted', 'listed'] as const;
const filterKeys = ['state'] as const;

/** IPO offers (docs/ipo.md): publish with a committed seed, price, allot, and the applications of one. */
export default function IpoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Offer>();
  const [pricing, setPricing] = useState<Offer>();
  const money = useMoney();
  const price = useExactMoney();
  // `?state=closed` is the dashboard's queue: offers whose window has closed, waiting to be allotted.
  const filter = useUrlState(filterKeys);
  const offers = useQuery({
    queryKey: offersKey,
    queryFn: () => call('GET /admin/ipo/offer/list', { query: { page: 1, pageSize: 100 } }),
  });
  const refresh = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: offersKey });
    void queryClient.invalidateQueries({ queryKey: ['admin/ipo/list'] });
  };
  const allot = useMutation({
    mutationFn: (id: number) => call('POST /admin/ipo/allot', { body: { id } }),
    onSuccess: refresh,
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('menu.ipo')}
        extra={
          <Space>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 160 }}
              value={filter.values.state}
              onChange={(state?: string) => filter.set({ state })}
              options={offerStates.map((value) => ({ value, label: t(`ipo.states.${value}`) }))}
              data-testid="ipo-state-filter"
            />
            <Button type="primary" onClick={() => setCreating(true)} data-testid="ipo-new">
              {t('common.add')}
            </Button>
          </Space>
        }
      >
        <Table<Offer>
          rowKey="id"
          size="small"
          loading={offers.isFetching}
          dataSource={offers.data?.list.filter((offer) => !filter.values.state || offer.state === filter.values.state)}
          pagination={false}
          data-testid="ipo-table"
          onRow={(row) => ({ onClick: () => setSelected(row) })}
          columns={[
            { title: t('ipo.symbol'), render: (_, row) => `${row.symbol} · ${row.name}` },
            { title: t('ipo.state'), render: (_, row) => <Tag>{t(`ipo.states.${row.state}`)}</Tag> },
            {
              title: t('ipo.price'),
              render: (_, row) =>
                `${price(row.priceMin, row.currency)}–${price(row.priceMax, row.currency)} ${row.currency}${row.finalPrice ? ` → ${price(row.finalPrice, row.currency)}` : ''}`,
            },
            { title: t('ipo.lots'), render: (_, row) => `${row.lotSize} × ${row.minLots}–${row.maxLots}` },
            { title: t('ipo.shares'), align: 'right', render: (_, row) => formatCount(row.sharesOffered) },
            {
              title: t('ipo.window'),
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <span>{formatTime(row.startTime)}</span>
                  <span>{formatTime(row.endTime)}</span>
                </Space>
              ),
            },
            {
              title: t('ipo.allotment'),
              render: (_, row) => formatTime(row.allotmentTime),
            },
            {
              title: t('ipo.listing'),
              render: (_, row) => formatTime(row.listingTime),
            },
            {
              title: t('ipo.applications'),
              render: (_, row) =>
                `${formatCount(row.applications)} / ${formatCount(row.subscribedLots)} (${money(row.frozen, row.currency)} ${row.currency})`,
            },
            {
              title: t('ipo.seedHash'),
              render: (_, row) => (
                <Typography.Text code copyable={{ text: row.seedHash }} data-testid="ipo-seed-hash">
                  {row.seedHash.slice(0, 12)}…
                </Typography.Text>
              ),
            },
            {
              title: t('common.actions'),
              render: (_, row) =>
                row.allottedAt ? (
                  <Tag color="green">{t('ipo.states.allotted')}</Tag>
                ) : (
                  <Space wrap>
                    <Button size="small" onClick={() => setPricing(row)}>
                      {t('ipo.setPrice')}
                    </Button>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        void confirmAction({ title: t('ipo.confirmAllot'), onOk: () => allot.mutateAsync(row.id) })
                      }
                    >
                      {t('ipo.allotNow')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      {selected && <Subscriptions offer={selected} onChanged={refresh} />}
      {creating && <OfferForm onClose={() => setCreating(false)} onSaved={refresh} />}
      {pricing && <PriceForm offer={pricing} onClose={() => setPricing(undefined)} onSaved={refresh} />}
    </Space>
  );
}

/** The `ipo` queue of one offer: each application, with a hand allotment before the lottery. */
function Subscriptions({ offer, onChanged }: { offer: Offer; onChanged: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useQuery({
    queryKey: ['admin/ipo/list', offer.id],
    queryFn: () => call('GET /admin/ipo/list', { query: { offerId: offer.id, page: 1, pageSize: 100 } }),
  });
  return (
    <Card title={t('ipo.subscriptionsOf', { symbol: offer.symbol })}>
      <Table<Subscription>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={false}
        data-testid="ipo-subscriptions"
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('ipo.member'), dataIndex: 'uid' },
          { title: t('ipo.lots'), dataIndex: 'lots' },
          {
            title: t('ipo.amount'),
            align: 'right',
            render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
          },
          { title: t('ipo.state'), render: (_, row) => t(`ipo.status.${row.status}`) },
          {
            title: t('ipo.allotted'),
            render: (_, row) => `${row.allottedLots ?? '—'}${row.manual ? ` (${t('ipo.manual')})` : ''}`,
          },
          {
            title: t('ipo.allotByHand'),
            render: (_, row) => (offer.allottedAt ? null : <HandAllotment row={row} onSaved={onChanged} />),
          },
          holderColumn(t('queue.holder')),
        ]}
      />
    </Card>
  );
}

/**
 * Lots allotted by hand to one application: at most the lots applied for (docs/admin.md, Rules).
 * A number out of range is refused under the field, never clamped to the nearest allowed one.
 * While a number is typed and not yet saved, the application is held for the other operators to
 * see, as an open drawer holds a record of the other queues (docs/admin.md, Queues).
 */
function HandAllotment({ row, onSaved }: { row: Subscription; onSaved: () => void }) {
  const { t } = useTranslation();
  const money = useExactMoney();
  const [form] = Form.useForm<{ allottedLots: number }>();
  const review = useMutation({
    mutationFn: (allottedLots: number) => call('POST /admin/ipo/review', { body: { id: row.id, allottedLots } }),
    onSuccess: () => {
      form.resetFields();
      onSaved();
    },
  });
  const typed = Form.useWatch('allottedLots', form);
  useClaim('ipo_subscription', row.id, typed !== undefined && typed !== null);
  const label = t('ipo.allotted');
  const save = ({ allottedLots }: { allottedLots: number }) =>
    void confirmAction({
      title: t('ipo.confirmHand'),
      content: t('ipo.confirmHandDetail', {
        uid: row.uid,
        allotted: allottedLots,
        lots: row.lots,
        amount: `${money(row.amount, row.currency)} ${row.currency}`,
      }),
      onOk: () => review.mutateAsync(allottedLots),
    });
  return (
    <Form form={form} onFinish={save} validateTrigger="onChange">
      {/* The field's reason shows under the input and its button together (noStyle bubbles it up). */}
      <Form.Item style={{ marginBottom: 0 }}>
        <Space.Compact>
          <Form.Item
            name="allottedLots"
            noStyle
            rules={[
              zodRule(ipoReviewBody.shape.allottedLots, label),
              {
                validator: async (_rule, value: number | null | undefined) => {
                  if (typeof value === 'number' && value > row.lots) {
                    throw new Error(t('ipo.allotTooMany', { max: row.lots, lots: row.lots }));
                  }
                },
              },
            ]}
          >
            <InputNumber size="small" aria-label={label} style={{ width: 90 }} data-testid={`ipo-hand-${row.id}`} />
          </Form.Item>
          <Button size="small" htmlType="submit" data-testid={`ipo-hand-save-${row.id}`}>
            {t('common.save')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}

function PriceForm({ offer, onClose, onSaved }: { offer: Offer; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [finalPrice, setFinalPrice] = useState(offer.finalPrice ?? '');
  const save = useMutation({
    mutationFn: () => call('POST /admin/ipo/price', { body: { id: offer.id, finalPrice } }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <Modal open title={t('ipo.setPrice')} onCancel={onClose} onOk={() => save.mutate()} destroyOnHidden>
      <p>{t('ipo.priceNote', { min: offer.priceMin, max: offer.priceMax })}</p>
      <Input value={finalPrice} onChange={(event) => setFinalPrice(event.target.value)} suffix={offer.currency} />
    </Modal>
  );
}

/** The description: none, or English with the other languages written (the server refuses a translation without English). */
function offerTexts(values: Values) {
  const written = filledTranslations(values.translations ?? {}) as Record<string, { description?: string }>;
  if (!written.en?.description?.trim()) return {};
  return { translations: written as { en: { description: string } } };
}

function OfferForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) =>
      call('POST /admin/ipo/offer/create', {
        body: {
          symbol: values.symbol.trim().toUpperCase(),
          name: values.name,
          market: values.market,
          currency: values.currency,
          ...offerTexts(values),
          lotSize: values.lotSize,
          minLots: values.minLots,
          maxLots: values.maxLots,
          sharesOffered: values.sharesOffered,
          priceMin: values.priceMin,
          priceMax: values.priceMax,
          fee: values.fee,
          startTime: new Date(values.startTime).toISOString(),
          endTime: new Date(values.endTime).toISOString(),
          allotmentTime: new Date(values.allotmentTime).toISOString(),
          listingTime: new Date(values.listingTime).toISOString(),
        },
      }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) save.mutate(values);
  };
  const required = [{ required: true, message: t('validation.required', { field: '' }) }];
  return (
    <Modal open width={720} title={t('ipo.newOffer')} onCancel={onClose} onOk={() => void submit()} destroyOnHidden>
      <p>{t('ipo.seedNote')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="ipo-form"
        initialValues={{ market: 'US', currency: 'USD', lotSize: 100, minLots: 1, maxLots: 10, fee: '10' }}
      >
        <Space size="middle" wrap>
          <Form.Item name="symbol" label={t('ipo.symbol')} rules={required}>
            <Input style={{ width: 120 }} data-testid="ipo-symbol" />
          </Form.Item>
          <Form.Item name="name" label={t('ipo.name')} rules={required}>
            <Input style={{ width: 240 }} data-testid="ipo-name" />
          </Form.Item>
          <Form.Item name="market" label={t('ipo.market')} rules={required}>
            <Input style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="currency" label={t('ipo.currency')} rules={required}>
            <Input style={{ width: 90 }} />
          </Form.Item>
        </Space>
        <Tabs
          size="small"
          data-testid="ipo-description-tabs"
          items={contentLanguages.map(({ key, label }) => ({
            key,
            forceRender: true,
            label,
            children: (
              <Form.Item
                name={['translations', key, 'description']}
                label={`${t('ipo.description')} · ${label}`}
                dependencies={
                  key === 'en' ? otherLanguages.map((language) => ['translations', language.key, 'description']) : []
                }
                rules={[
                  zodRule(ipoOfferTranslation.shape.description.optional(), t('ipo.description')),
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: string | undefined) => {
                      const translated = otherLanguages.some((language) =>
                        getFieldValue(['translations', language.key, 'description'])?.trim(),
                      );
                      if (key === 'en' && !value?.trim() && translated)
                        throw new Error(t('validation.required', { field: t('ipo.description') }));
                    },
                  }),
                ]}
              >
                <Input.TextArea rows={2} data-testid={`ipo-description-${key}`} />
              </Form.Item>
            ),
          }))}
        />
        <Space size="middle" wrap>
          {(['lotSize', 'minLots', 'maxLots'] as const).map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`ipo.${name}`)}
              rules={[zodRule(ipoOfferBody.shape[name], t(`ipo.${name}`))]}
            >
              <InputNumber data-testid={`ipo-${name}`} />
            </Form.Item>
          ))}
          <Form.Item
            name="sharesOffered"
            label={t('ipo.shares')}
            rules={[zodRule(ipoOfferBody.shape.sharesOffered, t('ipo.shares'))]}
          >
            <InputNumber style={{ width: 140 }} data-testid="ipo-shares" />
          </Form.Item>
        </Space>
        <Space size="middle" wrap>
          <Form.Item name="priceMin" label={t('ipo.priceMin')} rules={required}>
            <Input style={{ width: 110 }} data-testid="ipo-priceMin" />
          </Form.Item>
          <Form.Item name="priceMax" label={t('ipo.priceMax')} rules={required}>
            <Input style={{ width: 110 }} data-testid="ipo-priceMax" />
          </Form.Item>
          <Form.Item name="fee" label={t('ipo.fee')} rules={required}>
            <Input style={{ width: 110 }} />
          </Form.Item>
        </Space>
        <Space size="middle" wrap>
          {(['startTime', 'endTime', 'allotmentTime', 'listingTime'] as const).map((name) => (
            <Form.Item key={name} name={name} label={t(`ipo.times.${name}`)} rules={required}>
              <Input type="datetime-local" data-testid={`ipo-${name}`} />
            </Form.Item>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}
