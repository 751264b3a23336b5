import { call } from '@soar/client';
import { type ApiData, type OrderReviewBody, orderReviewStatuses } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useExactMoney, useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { formatCount, formatPercent, formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { ClaimTag } from '../../shared/review-queue/claim.tsx';
import { QueueSearchBar, searchKeys, searchQuery } from '../../shared/review-queue/queue-search.tsx';
import { ReviewDrawer } from '../../shared/review-queue/review-drawer.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';

type AdminOrder = ApiData<'GET /admin/order/list'>['list'][number];

const filterKeys = ['open', ...searchKeys] as const;

/**
 * Block orders (10,000 shares or more) waiting for review, oldest first: pass or refuse with a reason.
 * A row opens the order with the member beside it; the open order is in the URL.
 */
export default function OrderQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const price = usePrice();
  // docs/admin.md: a decision's confirm names the member by UID, the money with its currency and the shares.
  const describe = (row: AdminOrder) =>
    t('orders.confirmDetail', {
      uid: row.member.uid,
      quantity: formatCount(row.quantity),
      symbol: row.symbol,
      frozen: `${money(row.frozen, row.currency)} ${row.currency}`,
    });
  const state = useUrlState(filterKeys);
  const queryClient = useQueryClient();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const openId = state.values.open === undefined ? undefined : Number(state.values.open);
  const query = { page: state.page, pageSize: state.pageSize, ...searchQuery(state.values) };
  const list = useQuery({
    queryKey: ['admin/order/list', query],
    queryFn: () => call('GET /admin/order/list', { query }),
  });
  const review = useMutation({
    mutationFn: (body: OrderReviewBody) => call('POST /admin/order/review', { body }),
    onSuccess: () => {
      toastSuccess(t('common.done'));
      void queryClient.invalidateQueries();
    },
  });

  const opened = openId === undefined ? undefined : list.data?.list.find((row) => row.id === openId);
  return (
    <Card title={t('menu.orders')}>
      <Typography.Paragraph type="secondary">{t('orders.hint')}</Typography.Paragraph>
      <QueueSearchBar state={state} />
      <Table<AdminOrder>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        data-testid="order-table"
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
          { title: t('orders.symbol'), render: (_, row) => `${row.symbol} · ${row.name}` },
          {
            title: t('orders.offer'),
            width: 220,
            render: (_, row) =>
              row.offer ? (
                <Space direction="vertical" size={0} data-testid={`order-offer-${row.id}`}>
                  <span>
                    {t('orders.offerLine', {
                      id: row.offer.id,
                      pricing:
                        row.offer.discount === null
                          ? price(row.offer.price, row.currency)
                          : t('blockOffers.discountOff', { discount: formatPercent(row.offer.discount) }),
                    })}
                  </span>
                  <Typography.Text type="secondary">
                    {t('orders.blockPriceOf', { price: price(row.limitPrice, row.currency) })}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('orders.ticket')}</Typography.Text>
              ),
          },
          { title: t('orders.side'), render: (_, row) => t(`orders.direction.${row.direction}`) },
          { title: t('orders.quantity'), align: 'right', render: (_, row) => formatCount(row.quantity) },
          {
            title: t('orders.frozen'),
            align: 'right',
            render: (_, row) => `${money(row.frozen, row.currency)} ${row.currency}`,
          },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.createdAt) },
          {
            title: t('deposits.decision'),
            width: 360,
            render: (_, row) =>
              row.decision || row.status !== 'pending' ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.decision
                    ? t('queue.decidedBy', {
                        operator: row.decision.operator ?? '—',
                        time: formatTime(row.decision.at),
                      })
                    : '—'}
                </Typography.Text>
              ) : (
                // Deciding here does not open the row.
                <Space direction="vertical" size={4} onClick={(event) => event.stopPropagation()}>
                  <ClaimTag claim={row.claim} />
                  <Space>
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`order-pass-${row.id}`}
                      onClick={() =>
                        void confirmAction({
                          title: t('orders.confirmPass', { quantity: formatCount(row.quantity), symbol: row.symbol }),
                          content: (
                            <>
                              <p>{describe(row)}</p>
                              {row.offer
                                ? t('orders.passOfferHint', { price: price(row.limitPrice, row.currency) })
                                : t('orders.passHint')}
                            </>
                          ),
                          onOk: () => review.mutateAsync({ id: row.id, status: orderReviewStatuses.pass }),
                        })
                      }
                    >
                      {t('orders.pass')}
                    </Button>
                    <Input
                      size="small"
                      maxLength={200}
                      placeholder={t('orders.reason')}
                      value={reasons[row.id] ?? ''}
                      onChange={(event) => setReasons({ ...reasons, [row.id]: event.target.value })}
                      data-testid={`order-reason-${row.id}`}
                    />
                    <Button
                      danger
                      size="small"
                      disabled={!reasons[row.id]?.trim()}
                      data-testid={`order-refuse-${row.id}`}
                      onClick={() =>
                        void confirmAction({
                          title: t('orders.confirmRefuse', { quantity: formatCount(row.quantity), symbol: row.symbol }),
                          content: (
                            <>
                              <p>{describe(row)}</p>
                              {reasons[row.id]}
                            </>
                          ),
                          onOk: () =>
                            review.mutateAsync({
                              id: row.id,
                              status: orderReviewStatuses.refuse,
                              reason: reasons[row.id],
                            }),
                        })
                      }
                    >
                      {t('orders.refuse')}
                    </Button>
                  </Space>
                </Space>
              ),
          },
        ]}
      />
      {opened && <OrderReview order={opened} onClose={() => state.set({ open: undefined, page: state.page })} />}
    </Card>
  );
}

/** One block order, the member's context beside it; the decision stays in the table's row. */
function OrderReview({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const price = usePrice();
  const waiting = order.status === 'pending' && !order.decision;
  return (
    <ReviewDrawer
      title={`${t('menu.orders')} #${order.id}`}
      status={<Tag color={waiting ? 'gold' : 'default'}>{t(waiting ? 'queue.waiting' : 'queue.decided')}</Tag>}
      uid={order.member.uid}
      record={{ entity: 'order', id: order.id, waiting, decision: order.decision }}
      onClose={onClose}
      testId="order-review"
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('orders.symbol')}>{`${order.symbol} · ${order.name}`}</Descriptions.Item>
        <Descriptions.Item label={t('orders.side')}>{t(`orders.direction.${order.direction}`)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.quantity')}>{formatCount(order.quantity)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.frozen')}>
          {`${money(order.frozen, order.currency)} ${order.currency}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.offer')}>
          {order.offer
            ? `#${order.offer.id} · ${t('orders.blockPriceOf', { price: price(order.limitPrice, order.currency) })}`
            : t('orders.ticket')}
        </Descriptions.Item>
        <Descriptions.Item label={t('common.submitted')}>{formatTime(order.createdAt)}</Descriptions.Item>
      </Descriptions>
    </ReviewDrawer>
  );
}

/** A price as an operator reads it: grouped, at its currency's decimals or finer, with the currency. */
function usePrice() {
  const exact = useExactMoney();
  return (value: string | null, currency: string) => (value === null ? '—' : `${exact(value, currency)} ${currency}`);
}
