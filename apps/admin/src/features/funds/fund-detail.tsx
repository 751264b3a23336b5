import { call } from '@soar/client';
import { quantOrderStatuses } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Descriptions, Drawer, Row, Table, Tag, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatPercent, formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import type { AdminFund } from './funds-page.tsx';

/** One fund: its terms, its published daily rates against the promised range, and its orders. */
export function FundDetail({ fund, onClose }: { fund: AdminFund; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const rates = useQuery({
    queryKey: ['quant/rate/list', fund.id],
    queryFn: () => call('GET /quant/rate/list', { query: { id: fund.id, limit: 90 } }),
  });
  const orders = useQuery({
    queryKey: ['admin/quant/order/list', 'fund', fund.id],
    queryFn: () => call('GET /admin/quant/order/list', { query: { fundId: fund.id, page: 1, pageSize: 50 } }),
  });
  const min = new Decimal(fund.dailyRateMin);
  const max = new Decimal(fund.dailyRateMax);
  const show = (value: string) => `${money(value, fund.currency)} ${fund.currency}`;
  return (
    <Drawer open width={1080} onClose={onClose} title={`${fund.name} #${fund.id}`} data-testid="fund-detail">
      <Descriptions column={3} size="small" bordered>
        <Descriptions.Item label={t('funds.market')}>
          {fund.market} · {fund.timezone}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.cycle')}>
          {t('funds.cycleDays', { count: fund.cycleDays })}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.dailyRate')}>
          {formatPercent(fund.dailyRateMin)} – {formatPercent(fund.dailyRateMax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.cycleReturn')}>
          {formatPercent(fund.cycleReturnMin)} – {formatPercent(fund.cycleReturnMax)}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.amounts')}>
          {show(fund.minAmount)} – {fund.maxAmount ? show(fund.maxAmount) : '∞'}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.lastTradeDay')}>{fund.lastTradeDay}</Descriptions.Item>
        <Descriptions.Item label={t('funds.sale.window')} span={2}>
          {formatTime(fund.startTime)} – {formatTime(fund.endTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('funds.invested')}>{show(fund.invested)}</Descriptions.Item>
      </Descriptions>
      <Row gutter={24} style={{ marginTop: 24 }}>
        <Col span={9}>
          <Typography.Title level={5}>{t('funds.rates')}</Typography.Title>
          {rates.isError && <Alert type="error" title={t('common.loadFailed')} />}
          <Table
            size="small"
            rowKey="date"
            loading={rates.isFetching}
            dataSource={[...(rates.data?.list ?? [])].reverse()}
            pagination={{ pageSize: 15, size: 'small' }}
            locale={{ emptyText: t('funds.noRates') }}
            data-testid="fund-rates"
            columns={[
              { title: t('funds.day'), dataIndex: 'date' },
              {
                title: t('funds.rate'),
                align: 'right',
                render: (_, row) => {
                  const rate = new Decimal(row.rate);
                  const inside = rate.gte(min) && rate.lte(max);
                  return inside ? formatPercent(row.rate) : <Tag color="red">{formatPercent(row.rate)}</Tag>;
                },
              },
            ]}
          />
        </Col>
        <Col span={15}>
          <Typography.Title level={5}>
            {t('funds.orders')} <Typography.Text type="secondary">({orders.data?.total ?? 0})</Typography.Text>
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={orders.isFetching}
            dataSource={orders.data?.list}
            pagination={false}
            data-testid="fund-orders"
            columns={[
              { title: 'ID', dataIndex: 'id' },
              {
                title: t('common.member'),
                render: (_, row) => <MemberCell member={row.member} />,
              },
              { title: t('common.amount'), align: 'right', render: (_, row) => money(row.amount, row.currency) },
              {
                title: t('funds.accrued'),
                align: 'right',
                render: (_, row) => `${money(row.accruedProfit, row.currency)} · ${row.accruedDays}/${row.cycleDays}`,
              },
              { title: t('funds.bought'), render: (_, row) => formatTime(row.startTime) },
              {
                title: t('common.status'),
                render: (_, row) => (
                  <Tag color={row.status === quantOrderStatuses.inProgress ? 'blue' : 'default'}>
                    {t(`status.quantOrder.${row.status}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </Col>
      </Row>
    </Drawer>
  );
}
