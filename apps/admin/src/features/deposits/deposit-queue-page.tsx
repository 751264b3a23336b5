import { call } from '@soar/client';
import { type ApiData, depositStatuses, networkLabel } from '@soar/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { QueuePage } from '../../shared/review-queue/queue-page.tsx';
import { DepositStatus } from '../../shared/status.tsx';
import { DepositReview } from './deposit-review.tsx';

export type AdminDeposit = ApiData<'GET /admin/deposit/list'>['list'][number];

/** The deposit queue: filtered by status, each deposit reviewed with its proof beside the member. */
export default function DepositQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <QueuePage<AdminDeposit>
      title={t('menu.deposits')}
      listKey="admin/deposit/list"
      load={({ status, page, pageSize, id }, search) =>
        call('GET /admin/deposit/list', { query: { status, page, pageSize, id, ...search } })
      }
      filters={[
        {
          key: 'status',
          label: t('common.status'),
          width: 160,
          options: () =>
            Object.values(depositStatuses).map((value) => ({ value, label: t(`status.deposit.${value}`) })),
          testId: 'status-filter',
        },
      ]}
      testId="deposit-table"
      columns={[
        { title: 'ID', dataIndex: 'id', width: 80 },
        { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
        {
          title: t('deposits.type'),
          render: (_, row) => (
            <Tag>{row.type === 'bank' ? t('deposits.bank') : `USDT ${networkLabel(row.network)}`}</Tag>
          ),
        },
        {
          title: t('common.amount'),
          align: 'right',
          render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
        },
        {
          title: t('deposits.credited'),
          align: 'right',
          render: (_, row) =>
            row.auditAmount === null ? '—' : `${money(row.convertedAmount, row.creditCurrency)} ${row.creditCurrency}`,
        },
        { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
        { title: t('common.status'), render: (_, row) => <DepositStatus status={row.status} /> },
      ]}
      review={({ row, onClose, onDecided }) => <DepositReview deposit={row} onClose={onClose} onDecided={onDecided} />}
    />
  );
}
