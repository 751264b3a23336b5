import { call } from '@soar/client';
import { type ApiData, type KycField, type KycReviewBody, kycApplicationStatuses, kycFields } from '@soar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Descriptions, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { formatTime } from '../../shared/format.ts';
import { UploadImage } from '../../shared/upload-image.tsx';

type Item = ApiData<'GET /admin/kyc/list'>['list'][number];
const colors = ['gold', 'green', 'red'] as const;

/** The KYC queue: submissions with their images, pass or refuse with a reason per field. */
export default function KycQueuePage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(kycApplicationStatuses.review);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number>();
  const list = useQuery({
    queryKey: ['admin/kyc/list', status, page],
    queryFn: () => call('GET /admin/kyc/list', { query: { status, page, pageSize: 20 } }),
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
          onChange={setStatus}
          options={[0, 1, 2].map((value) => ({ value, label: t(`identity.kyc.status.${value}`) }))}
        />
      }
    >
      <Table<Item>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        pagination={{ current: page, total: list.data?.total, pageSize: 20, onChange: setPage }}
        onRow={(row) => ({ onClick: () => setOpenId(row.id) })}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('common.member'), render: (_, row) => `${row.uid} ${row.nickname}` },
          { title: t('identity.kyc.docType'), render: (_, row) => t(`identity.kyc.${row.docType}`) },
          { title: t('identity.kyc.name'), render: (_, row) => `${row.firstName} ${row.lastName}` },
          { title: t('common.submitted'), render: (_, row) => formatTime(row.submittedAt) },
          {
            title: t('common.status'),
            render: (_, row) => <Tag color={colors[row.status]}>{t(`identity.kyc.status.${row.status}`)}</Tag>,
          },
        ]}
      />
      {openId !== undefined && <KycReview id={openId} onClose={() => setOpenId(undefined)} />}
    </Card>
  );
}

function KycReview({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: ['admin/kyc/detail', id],
    queryFn: () => call('GET /admin/kyc/detail', { query: { id } }),
  });
  const [reasons, setReasons] = useState<Partial<Record<KycField, string>>>({});
  const data = detail.data;
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
    <Drawer open width={720} title={`${t('identity.kyc.title')} #${id}`} onClose={onClose} data-testid="kyc-review">
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('common.member')}>{`${data.uid} ${data.nickname}`}</Descriptions.Item>
            <Descriptions.Item label={t('identity.kyc.docType')}>{t(`identity.kyc.${data.docType}`)}</Descriptions.Item>
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
                          onChange={(event) => setReasons((current) => ({ ...current, [field]: event.target.value }))}
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
      )}
    </Drawer>
  );
}
