import { call } from '@soar/client';
import { type ApiData, baseSettingBody, msgTypes, walletRules, withdrawalHoldSetting } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useCurrencies } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';

type Settings = ApiData<'GET /admin/setting'>;
type WalletValues = Omit<Settings['wallet'], 'depositCreditCurrency'> & { credit: { from: string; to: string }[] };

/** Base settings (the member app's start-up) and the wallet rules; each save asks first and is audited. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: ['admin/setting'], queryFn: () => call('GET /admin/setting') });
  if (settings.isPending) return <Skeleton active />;
  if (settings.isError) return <Alert type="error" title={t('common.loadFailed')} />;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <BaseForm base={settings.data.base} />
      </Col>
      <Col xs={24} xl={12}>
        <WalletForm wallet={settings.data.wallet} />
      </Col>
      <Col xs={24} xl={12}>
        <WithdrawalHoldForm setting={settings.data.withdrawalHold} />
      </Col>
    </Row>
  );
}

function BaseForm({ base }: { base: Settings['base'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const validation = useSubmitValidation();
  const save = useMutation({
    mutationFn: (body: Settings['base']) => call('POST /admin/setting/base', { body }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/setting'] });
    },
  });
  const shape = baseSettingBody.shape;
  return (
    <Card title={t('settings.base')}>
      <Form<Settings['base']>
        layout="vertical"
        initialValues={base}
        validateTrigger={validation.validateTrigger}
        onSubmitCapture={validation.onSubmitCapture}
        onFinish={(values) =>
          void confirmAction({ title: t('common.confirmSave'), onOk: () => save.mutateAsync(values) })
        }
      >
        <Form.Item
          name="productName"
          label={t('settings.productName')}
          rules={[zodRule(shape.productName.unwrap(), t('settings.productName'))]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="msgType" label={t('settings.msgType')} extra={t('settings.msgTypeHint')}>
          <Radio.Group options={msgTypes.map((value) => ({ value, label: t(`settings.msgTypes.${value}`) }))} />
        </Form.Item>
        <Form.Item name="whatsapp" label="WhatsApp" rules={[zodRule(shape.whatsapp, 'WhatsApp')]}>
          <Input placeholder="+85212345678" />
        </Form.Item>
        <Form.Item
          name="custom"
          label={t('settings.custom')}
          extra={t('settings.customHint')}
          rules={[zodRule(shape.custom, t('settings.custom'))]}
        >
          <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'ui-monospace, monospace' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="base-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

function WalletForm({ wallet }: { wallet: Settings['wallet'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies();
  const validation = useSubmitValidation();
  const save = useMutation({
    mutationFn: (body: Settings['wallet']) => call('POST /admin/setting/wallet', { body }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/setting'] });
    },
  });
  const shape = walletRules.shape;
  const codes = currencies.data?.map((item) => ({ value: item.code, label: item.code })) ?? [];
  const { depositCreditCurrency, ...rules } = wallet;
  const initial: WalletValues = {
    ...rules,
    credit: Object.entries(depositCreditCurrency).map(([from, to]) => ({ from, to })),
  };
  const submit = ({ credit, ...values }: WalletValues) => {
    const body = {
      ...values,
      depositCreditCurrency: Object.fromEntries((credit ?? []).map((pair) => [pair.from, pair.to])),
    };
    void confirmAction({ title: t('common.confirmSave'), onOk: () => save.mutateAsync(body) });
  };
  return (
    <Card title={t('settings.wallet')}>
      <Form<WalletValues>
        layout="vertical"
        initialValues={initial}
        validateTrigger={validation.validateTrigger}
        onSubmitCapture={validation.onSubmitCapture}
        onFinish={submit}
      >
        <Form.Item
          name="withdrawMinimumUsd"
          label={t('settings.withdrawMinimumUsd')}
          rules={[zodRule(shape.withdrawMinimumUsd, t('settings.withdrawMinimumUsd'))]}
        >
          <Input suffix="USD" />
        </Form.Item>
        <Form.Item
          name="withdrawFeeRate"
          label={t('settings.withdrawFeeRate')}
          extra={t('settings.withdrawFeeRateHint')}
          rules={[zodRule(shape.withdrawFeeRate, t('settings.withdrawFeeRate'))]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="withdrawFeeMinimumUsd"
          label={t('settings.withdrawFeeMinimumUsd')}
          rules={[zodRule(shape.withdrawFeeMinimumUsd, t('settings.withdrawFeeMinimumUsd'))]}
        >
          <Input suffix="USD" />
        </Form.Item>
        <Form.Item name="withdrawRequiresKyc" label={t('settings.withdrawRequiresKyc')} valuePropName="checked">
          <Switch data-testid="requires-kyc" />
        </Form.Item>
        <Form.List name="credit">
          {(fields, { add, remove }) => (
            <Form.Item label={t('settings.depositCredit')} extra={t('settings.depositCreditHint')}>
              <Space direction="vertical">
                {fields.map((field) => (
                  <Space key={field.key}>
                    <Form.Item name={[field.name, 'from']} noStyle rules={[{ required: true }]}>
                      <Select options={codes} style={{ width: 120 }} />
                    </Form.Item>
                    →
                    <Form.Item name={[field.name, 'to']} noStyle rules={[{ required: true }]}>
                      <Select options={codes} style={{ width: 120 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      {t('common.delete')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add()}>{t('common.add')}</Button>
              </Space>
            </Form.Item>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="wallet-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** How long a withdrawal hold lasts (docs/admin.md, Settings); holds already running keep their end. */
function WithdrawalHoldForm({ setting }: { setting: Settings['withdrawalHold'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const validation = useSubmitValidation();
  const save = useMutation({
    mutationFn: (body: Settings['withdrawalHold']) => call('POST /admin/setting/withdrawal-hold', { body }),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin/setting'] });
    },
  });
  return (
    <Card title={t('settings.withdrawalHold')}>
      <Form<Settings['withdrawalHold']>
        layout="vertical"
        initialValues={setting}
        validateTrigger={validation.validateTrigger}
        onSubmitCapture={validation.onSubmitCapture}
        onFinish={(values) =>
          void confirmAction({ title: t('common.confirmSave'), onOk: () => save.mutateAsync(values) })
        }
      >
        <Form.Item
          name="hours"
          label={t('settings.holdHours')}
          extra={t('settings.holdHoursHint')}
          rules={[zodRule(withdrawalHoldSetting.shape.hours, t('settings.holdHours'))]}
        >
          <InputNumber suffix={t('settings.hours')} style={{ width: 200 }} data-testid="hold-hours" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="hold-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
