import { call } from '@soar/client';
import { type ApiData, feeScheduleUpdateBody } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useExactMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type Schedule = ApiData<'GET /admin/trade/fee/list'>[number];
type Values = Pick<Schedule, 'rate' | 'minimum' | 'platformFee' | 'vipDiscounts' | 'stopOutRatio'>;

const fields = feeScheduleUpdateBody.shape;
const discountFields = fields.vipDiscounts.element.shape;

/** A rate as a percentage, exact: `0.0005` -> `0.05 %`. */
function percent(rate: string): string {
  try {
    return `${new Decimal(rate).times(100).toString()} %`;
  } catch {
    return rate;
  }
}

/** The VIP discount steps as one line: "VIP 1: 10 % off · VIP 3: 20 % off". */
function discountText(t: (key: string, options?: Record<string, unknown>) => string, schedule: Values): string {
  if (schedule.vipDiscounts.length === 0) return t('fees.noDiscount');
  return [...schedule.vipDiscounts]
    .sort((a, b) => a.level - b.level)
    .map((step) => t('fees.discountStep', { level: step.level, discount: percent(step.discount) }))
    .join(' · ');
}

function sameDecimal(a: string, b: string): boolean {
  try {
    return new Decimal(a).equals(new Decimal(b));
  } catch {
    return a === b;
  }
}

/** Each market's fee schedule (docs/trading.md "Fees"); a change asks first and is audited. */
export default function FeesPage() {
  const { t } = useTranslation();
  const money = useExactMoney();
  const [editing, setEditing] = useState<Schedule>();
  const list = useQuery({ queryKey: ['admin/trade/fee/list'], queryFn: () => call('GET /admin/trade/fee/list') });

  return (
    <Card title={t('menu.fees')}>
      <Typography.Paragraph type="secondary">{t('fees.hint')}</Typography.Paragraph>
      <Table<Schedule>
        rowKey="market"
        loading={list.isFetching}
        dataSource={list.data}
        pagination={false}
        data-testid="fee-table"
        columns={[
          { title: t('fees.market'), dataIndex: 'market', render: (market: string) => <strong>{market}</strong> },
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('fees.rate'), dataIndex: 'rate', align: 'right', render: (rate: string) => percent(rate) },
          {
            title: t('fees.minimum'),
            dataIndex: 'minimum',
            align: 'right',
            render: (value: string, row) => money(value, row.currency),
          },
          {
            title: t('fees.platformFee'),
            dataIndex: 'platformFee',
            align: 'right',
            render: (value: string, row) => money(value, row.currency),
          },
          { title: t('fees.vipDiscounts'), render: (_, row) => discountText(t, row) },
          {
            title: t('fees.stopOutRatio'),
            dataIndex: 'stopOutRatio',
            align: 'right',
            render: (ratio: string) => percent(ratio),
          },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(row)} data-testid={`fee-edit-${row.market}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <EditDialog schedule={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}

function EditDialog({ schedule, onClose }: { schedule: Schedule; onClose: () => void }) {
  const { t } = useTranslation();
  const exact = useExactMoney();
  const money = (value: string) => exact(value, schedule.currency);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const validation = useSubmitValidation();
  const update = useMutation({
    mutationFn: (values: Values) =>
      call('POST /admin/trade/fee/update', {
        body: {
          market: schedule.market,
          rate: values.rate.trim(),
          minimum: values.minimum.trim(),
          platformFee: values.platformFee.trim(),
          vipDiscounts: (values.vipDiscounts ?? []).map((step) => ({
            level: step.level,
            discount: step.discount.trim(),
          })),
          stopOutRatio: values.stopOutRatio.trim(),
        },
      }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/trade/fee/list'] });
      onClose();
    },
  });

  /** The changed fields, one line each: "Minimum: 1.00 → 2.00". */
  const changes = (values: Values): string[] => {
    const lines: string[] = [];
    if (!sameDecimal(schedule.rate, values.rate))
      lines.push(`${t('fees.rate')}: ${percent(schedule.rate)} → ${percent(values.rate)}`);
    if (!sameDecimal(schedule.minimum, values.minimum))
      lines.push(`${t('fees.minimum')}: ${money(schedule.minimum)} → ${money(values.minimum.trim())}`);
    if (!sameDecimal(schedule.platformFee, values.platformFee))
      lines.push(`${t('fees.platformFee')}: ${money(schedule.platformFee)} → ${money(values.platformFee.trim())}`);
    if (!sameDecimal(schedule.stopOutRatio, values.stopOutRatio))
      lines.push(`${t('fees.stopOutRatio')}: ${percent(schedule.stopOutRatio)} → ${percent(values.stopOutRatio)}`);
    const before = discountText(t, schedule);
    const after = discountText(t, { ...values, vipDiscounts: values.vipDiscounts ?? [] });
    if (before !== after) lines.push(`${t('fees.vipDiscounts')}: ${before} → ${after}`);
    return lines;
  };

  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const lines = changes(values);
    if (lines.length === 0) {
      onClose();
      return;
    }
    void confirmAction({
      title: t('fees.confirm', { market: schedule.market }),
      content: (
        <div data-testid="fee-confirm-changes">
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ),
      onOk: () => update.mutateAsync(values),
    });
  };

  return (
    <Modal
      open
      title={`${t('fees.edit')} · ${schedule.market} (${schedule.currency})`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      okButtonProps={{ ...({ 'data-testid': 'fee-save' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('fees.editHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        validateTrigger={validation.validateTrigger}
        initialValues={{
          rate: schedule.rate,
          minimum: schedule.minimum,
          platformFee: schedule.platformFee,
          vipDiscounts: [...schedule.vipDiscounts].sort((a, b) => a.level - b.level),
          stopOutRatio: schedule.stopOutRatio,
        }}
      >
        <Form.Item
          name="rate"
          label={t('fees.rate')}
          extra={t('fees.rateHint')}
          rules={[zodRule(fields.rate, t('fees.rate'))]}
        >
          <Input inputMode="decimal" data-testid="fee-rate" />
        </Form.Item>
        <Form.Item
          name="minimum"
          label={`${t('fees.minimum')} (${schedule.currency})`}
          rules={[zodRule(fields.minimum, t('fees.minimum'))]}
        >
          <Input inputMode="decimal" data-testid="fee-minimum" />
        </Form.Item>
        <Form.Item
          name="platformFee"
          label={`${t('fees.platformFee')} (${schedule.currency})`}
          rules={[zodRule(fields.platformFee, t('fees.platformFee'))]}
        >
          <Input inputMode="decimal" data-testid="fee-platform" />
        </Form.Item>
        <Form.Item
          name="stopOutRatio"
          label={t('fees.stopOutRatio')}
          extra={t('fees.stopOutHint')}
          rules={[zodRule(fields.stopOutRatio.unwrap(), t('fees.stopOutRatio'))]}
        >
          <Input inputMode="decimal" data-testid="fee-stop-out" />
        </Form.Item>
        <Typography.Text strong>{t('fees.vipDiscounts')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('fees.discountHint')}</Typography.Paragraph>
        <Form.List
          name="vipDiscounts"
          rules={[
            {
              validator: async (_rule, steps: Values['vipDiscounts'] | undefined) => {
                const levels = (steps ?? []).map((step) => step?.level);
                if (new Set(levels).size !== levels.length) throw new Error(t('fees.duplicateLevel'));
              },
            },
          ]}
        >
          {(items, { add, remove }, { errors }) => (
            <>
              {items.length > 0 && (
                <Space style={{ display: 'flex', marginBottom: 4 }}>
                  <Typography.Text type="secondary" style={{ display: 'inline-block', width: 90 }}>
                    {t('fees.level')}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t('fees.discount')}</Typography.Text>
                </Space>
              )}
              {items.map((item) => (
                <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[item.name, 'level']}
                    rules={[zodRule(discountFields.level, t('fees.level'))]}
                    style={{ marginBottom: 8 }}
                  >
                    <InputNumber
                      style={{ width: 90 }}
                      aria-label={t('fees.level')}
                      data-testid={`fee-level-${item.name}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'discount']}
                    rules={[zodRule(discountFields.discount, t('fees.discount'))]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      inputMode="decimal"
                      style={{ width: 120 }}
                      aria-label={t('fees.discount')}
                      data-testid={`fee-discount-${item.name}`}
                    />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(item.name)}>
                    {t('common.delete')}
                  </Button>
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {items.length < 11 && (
                <Button type="dashed" block onClick={() => add({ level: items.length, discount: '0' })}>
                  {t('fees.addStep')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
