import { call } from '@soar/client';
import { type ApiData, type KycField, type KycReviewBody, kycApplicationStatuses, kycFields } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Drawer,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { formatTime } from '../../shared/format.ts';
import { MemberCell } from '../../shared/member-cell.tsx';
import { MemberContext } from '../../shared/member-context/member-context.tsx';
import { ClaimNotice, holderColumn, useClaim } from '../../shared/review-queue/claim.tsx';
import { QueueSearchBar, searchKeys, searchQuery } from '../../shared/review-queue/queue-search.tsx';
import { UploadImage } from '../../shared/upload-image.tsx';
import { urlPagination, useUrlState } from '../../shared/url-state.ts';

type Item = ApiData<'GET /admin/kyc/list'>['list'][number];
const colors = ['gold', 'green', 'red'] as const;

const stateKeys = ['status', 'open', ...searchKeys] as const;

/**
 * The KYC queue: submissions with their images, pass or refuse with a reason per field, the
 * member beside them. Opens on what waits; search, page and open submission in the URL.
 */
export default function KycQueuePage() {
  const { t } = useTranslation();
  const state = useUrlState(stateKeys);
  const status = state.values.status === undefined ? undefined : Number(state.values.status);
  const openId = state.values.open === undefined ? undefined : Number(state.values.open);
  const query = { status, page: state.page, pageSize: state.pageSize, ...searchQuery(state.values) };
  const list = useQuery({
    queryKey: ['admin/kyc/list', query],
    queryFn: () => call('GET /admin/kyc/list', { query }),
  });
  return (
    <Card
      title={t('identity.kyc.title')}
      extra={
        <Select
          allowClear
          placeholder={t('common.all')}
          style={{ width: 160 }}
          value={status}
          onChange={(next?: number) => state.set({ status: next })}
          options={[0, 1, 2].map((value) => ({ value, label: t(`identity.kyc.status.${value}`) }))}
        />
      }
    >
      <QueueSearchBar state={state} amount={false} />
      <Table<Item>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={urlPagination(state, list.data?.total)}
        onRow={(row) => ({
          onClick: () => state.set({ open: row.id, page: state.page }),
          style: { cursor: 'pointer' },
        })}
        data-testid="kyc-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: t('common.member'),
            render: (_, row) => <MemberCell member={{ uid: row.uid, nickname: row.nickname, mail: null }} />,
          },
          { title: t('identity.kyc.docType'), render: (_, row) => t(`identity.kyc.${row.docType}`) },
          { title: t('identity.kyc.name'), render: (_, row) => `${row.firstName} ${row.lastName}` },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.submittedAt) },
          {
            title: t('common.status'),
            render: (_, row) => <Tag color={colors[row.status]}>{t(`identity.kyc.status.${row.status}`)}</Tag>,
          },
          holderColumn(t('queue.holder')),
        ]}
      />
      {openId !== undefined && (
        <KycReview id={openId} onClose={() => state.set({ open: undefined, page: state.page })} />
      )}
    </Card>
  );
}

/** One submission: its fields and images, the decision (or who made it), the member beside it. */
export function KycReview({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: ['admin/kyc/detail', id],
    queryFn: () => call('GET /admin/kyc/detail', { query: { id } }),
  });
  const [reasons, setReasons] = useState<Partial<Record<KycField, string>>>({});
  const data = detail.data;
  const claim = useClaim('kyc', id, data?.status === kycApplicationStatuses.review);
  const fields = kycFields.filter((field) => field !== 'back' || data?.docType === 'idcard');
  const decide = (status: KycReviewBody['status']) =>
    confirmAction({
      title: t(status === kycApplicationStatuses.passed ? 'identity.kyc.passConfirm' : 'identity.kyc.refuseConfirm'),
      onOk: async () => {
        await call('POST /admin/kyc/review', {
          body: { id, status, ...(status === kycApplicationStatuses.refused ? { reasons } : {}) },
        });
        await client.invalidateQueries({ queryKey: ['admin/kyc/list'] });
        onClose();
      },
    });
  // A field marked refused, even before its reason is typed, keeps the submission from passing.
  const marked = Object.keys(reasons).length > 0;
  const refused = marked && Object.values(reasons).every(Boolean);
  return (
    <Drawer open width={1120} title={`${t('identity.kyc.title')} #${id}`} onClose={onClose} data-testid="kyc-review">
      {data && (
        <Row gutter={24}>
          <Col span={14}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <ClaimNotice
                claim={data.status === kycApplicationStatuses.review ? claim : undefined}
                decision={data.decision}
              />
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('common.member')}>{`${data.uid} ${data.nickname}`}</Descriptions.Item>
                <Descriptions.Item label={t('identity.kyc.docType')}>
                  {t(`identity.kyc.${data.docType}`)}
                </Descriptions.Item>
                {fields.map((field) => (
                  <Descriptions.Item key={field} label={t(`identity.kyc.fields.${field}`)}>
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {field === 'front' || field === 'back' ? (
                        data[field] && <UploadImage id={data[field]} />
                      ) : (
                        <span>{data[field]}</span>
                      )}
                      {data.status === kycApplicationStatuses.review && (
                        <Space>
                          <Checkbox
                            checked={reasons[field] !== undefined}
                            onChange={(event) =>
                              setReasons((current) => {
                                const next = { ...current };
                                if (event.target.checked) next[field] = '';
                                else delete next[field];
                                return next;
                              })
                            }
                          >
                            {t('identity.kyc.refuseField')}
                          </Checkbox>
                          {reasons[field] !== undefined && (
                            <Input
                              style={{ width: 320 }}
                              maxLength={200}
                              placeholder={t('identity.kyc.reason')}
                              value={reasons[field]}
                              onChange={(event) =>
                                setReasons((current) => ({ ...current, [field]: event.target.value }))
                              }
                            />
                          )}
                        </Space>
                      )}
                      {data.reasons[field] && <Tag color="red">{data.reasons[field]}</Tag>}
                    </Space>
                  </Descriptions.Item>
                ))}
              </Descriptions>
              {data.status === kycApplicationStatuses.review && (
                <Space direction="vertical">
                  <Space>
                    <Button type="primary" disabled={marked} onClick={() => decide(1)} data-testid="kyc-pass">
                      {t('identity.kyc.pass')}
                    </Button>
                    <Button danger disabled={!refused} onClick={() => decide(2)} data-testid="kyc-refuse">
                      {t('identity.kyc.refuse')}
                    </Button>
                  </Space>
                  {marked && (
                    <Typography.Text type="secondary" data-testid="kyc-pass-blocked">
                      {t('identity.kyc.passBlocked')}
                    </Typography.Text>
                  )}
                </Space>
              )}
              {data.history.length > 0 && (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={data.history}
                  title={() => t('identity.kyc.history')}
                  columns={[
                    { title: 'ID', dataIndex: 'id' },
                    { title: t('common.submitted'), render: (_, row) => formatTime(row.submittedAt) },
                    { title: t('common.status'), render: (_, row) => t(`identity.kyc.status.${row.status}`) },
                    { title: t('identity.kyc.reason'), render: (_, row) => Object.values(row.reasons).join('; ') },
                  ]}
                />
              )}
            </Space>
          </Col>
          <Col span={10}>
            <MemberContext uid={data.uid} />
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
