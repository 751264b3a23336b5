import { call } from '@soar/client';
import { adjustmentCreateBody, adjustmentDirections } from '@soar/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useCurrencies, useExactMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { decimalsRule, useSubmitValidation, zodRule } from '../../shared/validation.ts';

type Values = { uid: string; currency: string; direction: 'credit' | 'debit'; amount: string; reason: string };

/** Proposes an adjustment: nothing moves until another operator approves it. */
export function AdjustmentForm({
  uid: presetUid,
  onClose,
  onCreated,
}: {
  /** The preset member's UID (`?uid=`): the picker searches it, so it shows who the member is. */
  uid?: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const exactMoney = useExactMoney();
  const currencies = useCurrencies();
  const [form] = Form.useForm<Values>();
  const validation = useSubmitValidation();
  const [search, setSearch] = useState(presetUid ?? '');
  const members = useQuery({
    queryKey: ['admin/user/list', 'picker', search],
    queryFn: () => call('GET /admin/user/list', { query: { q: search || undefined, page: 1, pageSize: 10 } }),
  });
  const create = useMutation({
    mutationFn: (body: Values) => call('POST /admin/adjustment/create', { body }),
    onSuccess: () => {
      toastSuccess(t('adjustments.created'));
      onCreated();
      onClose();
    },
  });
  const shape = adjustmentCreateBody.shape;

  const currency = Form.useWatch('currency', form);
  const decimals = currencies.data?.find((item) => item.code === currency)?.decimals;
  const options = members.data?.list.map((member) => ({
    value: member.uid,
    label: `${member.uid} · ${member.nickname} · ${member.mail ?? member.phone ?? ''}`,
  }));

  const submit = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    void confirmAction({
      title: t('adjustments.confirmCreate'),
      content: t('adjustments.confirmDetail', {
        direction: t(`adjustments.${values.direction}`),
        amount: exactMoney(values.amount.trim(), values.currency),
        currency: values.currency,
        uid: values.uid,
      }),
      onOk: () => create.mutateAsync({ ...values, amount: values.amount.trim() }),
    });
  };

  return (
    <Modal
      open
      title={t('adjustments.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('adjustments.propose')}
      okButtonProps={{
        loading: create.isPending,
        ...({ 'data-testid': 'adjustment-submit' } as Record<`data-${string}`, string>),
      }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ uid: presetUid, direction: 'credit', currency: 'USD' }}
        validateTrigger={validation.validateTrigger}
        onSubmitCapture={validation.onSubmitCapture}
      >
        <Form.Item name="uid" label={t('common.member')} rules={[zodRule(shape.uid, t('common.member'))]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            placeholder={t('members.searchPlaceholder')}
            options={options}
            data-testid="adjustment-member"
          />
        </Form.Item>
        <Form.Item name="direction" label={t('adjustments.direction')}>
          <Radio.Group
            options={adjustmentDirections.map((value) => ({ value, label: t(`adjustments.${value}`) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item name="currency" label={t('common.currency')} rules={[zodRule(shape.currency, t('common.currency'))]}>
          <Select
            options={currencies.data?.map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('common.amount')}
          dependencies={['currency']}
          rules={[zodRule(shape.amount, t('common.amount')), decimalsRule(t('common.amount'), currency, decimals)]}
        >
          <Input inputMode="decimal" data-testid="adjustment-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adjustments.reason')}
          rules={[zodRule(shape.reason, t('adjustments.reason'))]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="adjustment-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
