import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { toastSuccess } from '../../shared/feedback.ts';

type Offer = ApiData<'GET /admin/ipo/offer/list'>['list'][number];
type Subscription = ApiData<'GET /admin/ipo/list'>['list'][number];
type Values = {
  symbol: string;
  name: string;
  market: string;
  currency: string;
  description?: string;
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

/** IPO offers (docs/ipo.md): publish with a committed seed, price, allot, and the applications of one. */
export default function IpoPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Offer>();
  const [pricing, setPricing] = useState<Offer>();
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
          <Button type="primary" onClick={() => setCreating(true)} data-testid="ipo-new">
            {t('common.add')}
          </Button>
        }
      >
        <Table<Offer>
          rowKey="id"
          size="small"
          loading={offers.isFetching}
          dataSource={offers.data?.list}
          pagination={false}
          data-testid="ipo-table"
          onRow={(row) => ({ onClick: () => setSelected(row) })}
          columns={[
            { title: t('ipo.symbol'), render: (_, row) => `${row.symbol} · ${row.name}` },
            { title: t('ipo.state'), render: (_, row) => <Tag>{t(`ipo.states.${row.state}`)}</Tag> },
            {
              title: t('ipo.price'),
              render: (_, row) =>
                `${row.priceMin}–${row.priceMax} ${row.currency}${row.finalPrice ? ` → ${row.finalPrice}` : ''}`,
            },
            { title: t('ipo.lots'), render: (_, row) => `${row.lotSize} × ${row.minLots}–${row.maxLots}` },
            { title: t('ipo.shares'), dataIndex: 'sharesOffered' },
            {
              title: t('ipo.window'),
              render: (_, row) => `${row.startTime.slice(0, 16)} – ${row.endTime.slice(0, 16)}`,
            },
            { title: t('ipo.allotment'), render: (_, row) => row.allotmentTime.slice(0, 16) },
            { title: t('ipo.listing'), render: (_, row) => row.listingTime.slice(0, 16) },
            {
              title: t('ipo.applications'),
              render: (_, row) => `${row.applications} / ${row.subscribedLots} (${row.frozen} ${row.currency})`,
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
                  <Space>
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
  const [lots, setLots] = useState<Record<number, number | null>>({});
  const list = useQuery({
    queryKey: ['admin/ipo/list', offer.id],
    queryFn: () => call('GET /admin/ipo/list', { query: { offerId: offer.id, page: 1, pageSize: 100 } }),
  });
  const review = useMutation({
    mutationFn: (body: { id: number; allottedLots: number }) => call('POST /admin/ipo/review', { body }),
    onSuccess: onChanged,
  });
  return (
    <Card title={t('ipo.subscriptionsOf', { symbol: offer.symbol })}>
      <Table<Subscription>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('ipo.member'), dataIndex: 'uid' },
          { title: t('ipo.lots'), dataIndex: 'lots' },
          { title: t('ipo.amount'), render: (_, row) => `${row.amount} ${row.currency}` },
          { title: t('ipo.state'), render: (_, row) => t(`ipo.status.${row.status}`) },
          {
            title: t('ipo.allotted'),
            render: (_, row) => `${row.allottedLots ?? '—'}${row.manual ? ` (${t('ipo.manual')})` : ''}`,
          },
          {
            title: t('ipo.allotByHand'),
            render: (_, row) =>
              offer.allottedAt ? null : (
                <Space>
                  <InputNumber
                    size="small"
                    min={0}
                    max={row.lots}
                    precision={0}
                    value={lots[row.id] ?? null}
                    onChange={(value) => setLots({ ...lots, [row.id]: value })}
                  />
                  <Button
                    size="small"
                    disabled={lots[row.id] === undefined || lots[row.id] === null}
                    onClick={() =>
                      void confirmAction({
                        title: t('ipo.confirmHand'),
                        onOk: () => review.mutateAsync({ id: row.id, allottedLots: lots[row.id] ?? 0 }),
                      })
                    }
                  >
                    {t('common.save')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </Card>
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
    <Modal open title={t('ipo.setPrice')} onCancel={onClose} onOk={() => void save.mutateAsync()} destroyOnHidden>
      <p>{t('ipo.priceNote', { min: offer.priceMin, max: offer.priceMax })}</p>
      <Input value={finalPrice} onChange={(event) => setFinalPrice(event.target.value)} suffix={offer.currency} />
    </Modal>
  );
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
          description: values.description ?? '',
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
    if (values) await save.mutateAsync(values);
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
        <Form.Item name="description" label={t('ipo.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space size="middle" wrap>
          <Form.Item name="lotSize" label={t('ipo.lotSize')} rules={required}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="minLots" label={t('ipo.minLots')} rules={required}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="maxLots" label={t('ipo.maxLots')} rules={required}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="sharesOffered" label={t('ipo.shares')} rules={required}>
            <InputNumber min={1} precision={0} style={{ width: 140 }} data-testid="ipo-shares" />
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
