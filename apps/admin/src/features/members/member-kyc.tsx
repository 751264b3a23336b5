import { call } from '@soar/client';
import type { ApiData } from '@soar/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { KycStatus } from '../../shared/status.tsx';
import { UploadImage } from '../../shared/upload-image.tsx';
import { KycReview } from '../identity/kyc-queue-page.tsx';

type Item = ApiData<'GET /admin/kyc/list'>['list'][number];

/**
 * The member's KYC submissions, newest first, with who decided each and when; one opens in the
 * KYC queue's drawer (fields, document images, the decision).
 */
export function MemberKyc({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [open, setOpen] = useState<number>();
  const list = useQuery({
    queryKey: ['admin/kyc/list', { uid, ...page }],
    queryFn: () => call('GET /admin/kyc/list', { query: { uid, ...page } }),
  });
  return (
    <>
      <Table<Item>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list}
        data-testid="member-kyc"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.kycNone')} /> }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('identity.kyc.docType'), render: (_, row) => t(`identity.kyc.${row.docType}`) },
          { title: t('identity.kyc.name'), render: (_, row) => `${row.firstName} ${row.lastName}` },
          { title: t('identity.kyc.fields.idNumber'), dataIndex: 'idNumber' },
          {
            title: t('members.kycDocuments'),
            render: (_, row) => (
              // A thumbnail opens its preview, not the drawer of the row.
              <Space size={4} onClick={(event) => event.stopPropagation()}>
                {[row.front, row.back].map(
                  (image) => image && <UploadImage key={image} id={image} width={64} testId="member-kyc-image" />,
                )}
              </Space>
            ),
          },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.submittedAt) },
          { title: t('common.status'), render: (_, row) => <KycStatus status={row.status} /> },
          {
            title: t('members.kycDecided'),
            render: (_, row) =>
              row.decision
                ? t('queue.decidedBy', { operator: row.decision.operator ?? '—', time: formatTime(row.decision.at) })
                : '—',
          },
          { title: t('identity.kyc.reason'), render: (_, row) => Object.values(row.reasons).join('; ') || '—' },
        ]}
      />
      {open !== undefined && <KycReview id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
