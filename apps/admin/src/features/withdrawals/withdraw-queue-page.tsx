import { call } from '@soar/client';
import { type ApiData, withdrawStatuses } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { QueuePage } from '../../shared/review-queue/queue-page.tsx';
import { WithdrawStatus } from '../../shared/status.tsx';
import { HeldTag } from './held.tsx';
import { WithdrawReview } from './withdraw-review.tsx';

export type AdminWithdrawal = ApiData<'GET /admin/withdraw/list'>['list'][number];

/** The withdrawal queue: filtered by status, each withdrawal paid or refused beside the member. */
export default function WithdrawQueuePage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <QueuePage<AdminWithdrawal>
      title={t('menu.withdrawals')}
      listKey="admin/withdraw/list"
      load={({ status, page, pageSize, id }, search) =>
        call('GET /admin/withdraw/list', { query: { status, page, pageSize, id, ...search } })
      }
      filters={[
        {
          key: 'status',
          label: t('common.status'),
          width: 160,
          options: () =>
            Object.values(withdrawStatuses).map((value) => ({ value, label: t(`status.withdraw.${value}`) })),
          testId: 'status-filter',
        },
      ]}
      testId="withdraw-table"
      columns={[
        { title: 'ID', dataIndex: 'id', width: 80 },
        { title: t('common.member'), render: (_, row) => <MemberCell member={row.member} /> },
        {
          title: t('common.amount'),
          align: 'right',
          render: (_, row) => `${money(row.amount, row.currency)} ${row.currency}`,
        },
        {
          title: t('withdrawals.fee'),
          align: 'right',
          render: (_, row) => `${money(row.fee, row.currency)} ${row.currency}`,
        },
        { title: t('withdrawals.wallet'), render: (_, row) => `${row.walletName} · ${row.network}` },
        { title: t('common.submitted'), render: (_, row) => formatTime(row.submitTime) },
        {
          title: t('common.status'),
          render: (_, row) => (
            <>
              <WithdrawStatus status={row.status} />
              <HeldTag withdrawal={row} />
            </>
          ),
        },
      ]}
      review={({ row, onClose, onDecided }) => (
        <WithdrawReview withdrawal={row} onClose={onClose} onDecided={onDecided} />
      )}
    />
  );
}
