import { decimalString, uidField } from '@soar/contract';
import { Button, DatePicker, Form, Input, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { useUrlState } from '../url-state.ts';
import { zodRule } from '../validation.ts';

/** The URL keys of a queue's search (docs/admin.md, Queues). */
export const searchKeys = ['view', 'uid', 'mail', 'amountMin', 'amountMax', 'since', 'until'] as const;

export type QueueView = 'waiting' | 'decided' | 'all';

/** What the list call is sent: a queue opens on what waits; `view=decided` is its history. */
export type QueueSearchQuery = {
  decided?: 'true' | 'false';
  uid?: string;
  mail?: string;
  amountMin?: string;
  amountMax?: string;
  since?: string;
  until?: string;
};

type Values = Partial<Record<(typeof searchKeys)[number], string | undefined>>;

export function viewOf(values: Values): QueueView {
  return values.view === 'decided' || values.view === 'all' ? values.view : 'waiting';
}

export function searchQuery(values: Values): QueueSearchQuery {
  const view = viewOf(values);
  return {
    decided: view === 'all' ? undefined : view === 'decided' ? 'true' : 'false',
    uid: values.uid,
    mail: values.mail,
    amountMin: values.amountMin,
    amountMax: values.amountMax,
    since: values.since,
    until: values.until,
  };
}

type FormValues = { uid?: string; mail?: string; amountMin?: string; amountMax?: string; dates?: [Dayjs, Dayjs] };

/**
 * The search bar of a queue: waiting, decided or all, and member UID, mail, amount range and
 * dates, all in the URL. The fields check what the server checks before searching.
 */
export function QueueSearchBar({
  state,
  amount = true,
}: {
  state: ReturnType<typeof useUrlState<(typeof searchKeys)[number]>>;
  /** Queues whose records have no amount (KYC) leave the range out. */
  amount?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { values } = state;
  const initial: FormValues = {
    uid: values.uid,
    mail: values.mail,
    amountMin: values.amountMin,
    amountMax: values.amountMax,
    dates: values.since && values.until ? [dayjs(values.since), dayjs(values.until).subtract(1, 'day')] : undefined,
  };
  const search = (found: FormValues) =>
    state.set({
      uid: found.uid?.trim() || undefined,
      mail: found.mail?.trim() || undefined,
      amountMin: found.amountMin?.trim() || undefined,
      amountMax: found.amountMax?.trim() || undefined,
      since: found.dates?.[0]?.startOf('day').toISOString(),
      until: found.dates?.[1]?.add(1, 'day').startOf('day').toISOString(),
    });
  const clear = () => {
    form.resetFields();
    form.setFieldsValue({
      uid: undefined,
      mail: undefined,
      amountMin: undefined,
      amountMax: undefined,
      dates: undefined,
    });
    state.set({
      uid: undefined,
      mail: undefined,
      amountMin: undefined,
      amountMax: undefined,
      since: undefined,
      until: undefined,
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="queue-search">
      <Segmented<QueueView>
        value={viewOf(values)}
        onChange={(view) => state.set({ view: view === 'waiting' ? undefined : view })}
        options={[
          { value: 'waiting', label: t('queue.waiting') },
          { value: 'decided', label: t('queue.decided') },
          { value: 'all', label: t('common.all') },
        ]}
        data-testid="queue-view"
      />
      <Form form={form} layout="inline" initialValues={initial} onFinish={search}>
        <Form.Item name="uid" rules={[zodRule(uidField.optional(), t('queue.uid'))]}>
          <Input placeholder={t('queue.uid')} style={{ width: 130 }} allowClear data-testid="search-uid" />
        </Form.Item>
        <Form.Item name="mail">
          <Input placeholder={t('queue.mail')} style={{ width: 200 }} allowClear data-testid="search-mail" />
        </Form.Item>
        {amount && (
          <>
            <Form.Item name="amountMin" rules={[zodRule(decimalString.optional(), t('queue.amountMin'))]}>
              <Input
                placeholder={t('queue.amountMin')}
                style={{ width: 120 }}
                inputMode="decimal"
                data-testid="search-amount-min"
              />
            </Form.Item>
            <Form.Item
              name="amountMax"
              dependencies={['amountMin']}
              rules={[
                zodRule(decimalString.optional(), t('queue.amountMax')),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value?: string) => {
                    const min = getFieldValue('amountMin') as string | undefined;
                    if (!value || !min || !decimalString.safeParse(min).success) return;
                    if (Number(value) < Number(min))
                      throw new Error(t('validation.rangeOrder', { field: t('queue.amountMax') }));
                  },
                }),
              ]}
            >
              <Input
                placeholder={t('queue.amountMax')}
                style={{ width: 120 }}
                inputMode="decimal"
                data-testid="search-amount-max"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="dates">
          <DatePicker.RangePicker allowEmpty={[false, false]} data-testid="search-dates" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="search-submit">
              {t('queue.search')}
            </Button>
            <Button onClick={clear}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Space>
  );
}
