import { call } from '@soar/client';
import { type ApiData, loanProductBody, loanProductTranslation } from '@soar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { ConfirmButton } from '../../shared/confirm-button.tsx';
import { contentLanguages, filledTranslations } from '../../shared/content-languages.ts';
import { useCurrencies, useMoney } from '../../shared/currencies.ts';
import { toastSuccess } from '../../shared/feedback.ts';
import { useFormSave } from '../../shared/form-save.ts';
import { formatTime } from '../../shared/format.ts';
import { zodRule } from '../../shared/validation.ts';

type Product = ApiData<'GET /admin/loan/product/list'>[number];
type Values = {
  /** The name per language: English required, the others optional. */
  translations: Record<string, { name?: string } | undefined>;
  currency: string;
  cycleDays: number;
  dailyInterestRate: string;
  dailyPenaltyRate: string;
  minAmount: string;
  maxAmount: string;
  sort: number;
};

const percent = (rate: string) => `${new Decimal(rate).times(100).toFixed()} %`;

/** Loan products: offer, change (loans keep their terms), close; and the "loans need KYC" rule. */
export default function LoanProductsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Product | 'new'>();
  const list = useQuery({
    queryKey: ['admin/loan/product/list'],
    queryFn: () => call('GET /admin/loan/product/list'),
  });
  const setting = useQuery({ queryKey: ['admin/loan/setting'], queryFn: () => call('GET /admin/loan/setting') });
  const done = () => {
    toastSuccess(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin/loan/product/list'] });
    void queryClient.invalidateQueries({ queryKey: ['admin/loan/setting'] });
  };
  const close = useMutation({
    mutationFn: (id: number) => call('POST /admin/loan/product/close', { body: { id } }),
    onSuccess: done,
  });
  const saveSetting = useMutation({
    mutationFn: (requiresKyc: boolean) => call('POST /admin/loan/setting', { body: { requiresKyc } }),
    onSuccess: done,
  });
  const range = (row: Product) => `${money(row.minAmount, row.currency)} – ${money(row.maxAmount, row.currency)}`;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('loanProducts.rules')} size="small">
        <Space>
          <Switch
            checked={setting.data?.requiresKyc ?? false}
            loading={setting.isPending || saveSetting.isPending}
            onChange={(value) =>
              void confirmAction({
                title: t(value ? 'loanProducts.confirmKycOn' : 'loanProducts.confirmKycOff'),
                onOk: () => saveSetting.mutateAsync(value),
              })
            }
            data-testid="loan-requires-kyc"
          />
          <Typography.Text>{t('loanProducts.requiresKyc')}</Typography.Text>
        </Space>
      </Card>
      <Card
        title={t('menu.loanProducts')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="loan-product-new">
            {t('common.add')}
          </Button>
        }
      >
        <Table<Product>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data}
          pagination={false}
          data-testid="loan-product-table"
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('loanProducts.name'), dataIndex: 'name' },
            { title: t('news.languages'), render: (_, row) => Object.keys(row.translations).join(' ') },
            { title: t('common.currency'), dataIndex: 'currency' },
            { title: t('loans.cycle'), render: (_, row) => t('loans.days', { count: row.cycleDays }) },
            { title: t('loans.interestRate'), align: 'right', render: (_, row) => percent(row.dailyInterestRate) },
            { title: t('loans.penaltyRate'), align: 'right', render: (_, row) => percent(row.dailyPenaltyRate) },
            { title: t('loans.range'), align: 'right', render: (_, row) => range(row) },
            { title: t('channels.sort'), dataIndex: 'sort', width: 70 },
            {
              title: t('common.status'),
              render: (_, row) =>
                row.closedAt ? (
                  <Tag title={formatTime(row.closedAt)}>{t('loanProducts.closed')}</Tag>
                ) : (
                  <Tag color="green">{t('loanProducts.offered')}</Tag>
                ),
            },
            {
              title: t('common.actions'),
              render: (_, row) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)}>
                    {t('common.edit')}
                  </Button>
                  {!row.closedAt && (
                    <ConfirmButton
                      title={t('loanProducts.confirmClose', { name: row.name })}
                      content={t('loanProducts.closeHint')}
                      onConfirm={() => close.mutateAsync(row.id)}
                      testId={`loan-product-close-${row.id}`}
                    >
                      {t('loanProducts.close')}
                    </ConfirmButton>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <ProductForm
          product={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={done}
        />
      )}
    </Space>
  );
}

function ProductForm({ product, onClose, onSaved }: { product?: Product; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const [form] = Form.useForm<Values>();
  const editor = useFormSave(
    form,
    (values: Values) => {
      const body = {
        ...values,
        translations: filledTranslations(values.translations) as { en: { name: string } },
      };
      return product
        ? call('POST /admin/loan/product/update', { body: { id: product.id, ...body } })
        : call('POST /admin/loan/product/create', { body });
    },
    () => {
      onSaved();
      onClose();
    },
  );
  const field = loanProductBody.shape;
  return (
    <Modal
      open
      width={640}
      title={product ? `${t('common.edit')} · ${product.name}` : t('loanProducts.new')}
      onCancel={onClose}
      onOk={() => void editor.submit()}
      okButtonProps={{ 'data-testid': 'loan-product-save' } as Record<string, string>}
      destroyOnHidden
    >
      {product && <Typography.Paragraph type="secondary">{t('loanProducts.editHint')}</Typography.Paragraph>}
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger={editor.validateTrigger}
        initialValues={product ?? { currency: 'USDT', cycleDays: 30, sort: 0, translations: {} }}
      >
        <Tabs
          size="small"
          items={contentLanguages.map(({ key, label: language }) => ({
            key,
            forceRender: true,
            label: key === 'en' ? `${language} *` : language,
            children: (
              <Form.Item
                name={['translations', key, 'name']}
                label={`${t('loanProducts.name')} · ${language}`}
                rules={[
                  zodRule(
                    key === 'en' ? loanProductTranslation.shape.name : loanProductTranslation.shape.name.optional(),
                    t('loanProducts.name'),
                  ),
                ]}
              >
                <Input maxLength={80} data-testid={key === 'en' ? 'loan-product-name' : `loan-product-name-${key}`} />
              </Form.Item>
            ),
          }))}
        />
        <Space size="large" wrap>
          <Form.Item
            name="currency"
            label={t('common.currency')}
            rules={[zodRule(field.currency, t('common.currency'))]}
          >
            <Select
              style={{ width: 140 }}
              options={currencies.data?.map((item) => ({ value: item.code, label: item.code }))}
            />
          </Form.Item>
          <Form.Item
            name="cycleDays"
            label={t('loans.cycleDays')}
            rules={[zodRule(field.cycleDays, t('loans.cycleDays'))]}
          >
            <InputNumber data-testid="loan-product-days" />
          </Form.Item>
          <Form.Item name="sort" label={t('channels.sort')} rules={[zodRule(field.sort, t('channels.sort'))]}>
            <InputNumber data-testid="loan-product-sort" />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="dailyInterestRate"
            label={t('loans.interestRate')}
            extra={t('loanProducts.rateHint')}
            rules={[zodRule(field.dailyInterestRate, t('loans.interestRate'))]}
          >
            <Input style={{ width: 180 }} placeholder="0.001" data-testid="loan-product-interest" />
          </Form.Item>
          <Form.Item
            name="dailyPenaltyRate"
            label={t('loans.penaltyRate')}
            rules={[zodRule(field.dailyPenaltyRate, t('loans.penaltyRate'))]}
          >
            <Input style={{ width: 180 }} placeholder="0.002" data-testid="loan-product-penalty" />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="minAmount"
            label={t('loanProducts.minAmount')}
            rules={[zodRule(field.minAmount, t('loanProducts.minAmount'))]}
          >
            <Input style={{ width: 180 }} data-testid="loan-product-min" />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={t('loanProducts.maxAmount')}
            dependencies={['minAmount']}
            rules={[
              zodRule(field.maxAmount, t('loanProducts.maxAmount')),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  const min = getFieldValue('minAmount') as string | undefined;
                  if (value && min && /^\d+$/.test(value) && /^\d+$/.test(min) && new Decimal(value).lt(min))
                    throw new Error(t('loanProducts.maxBelowMin'));
                },
              }),
            ]}
          >
            <Input style={{ width: 180 }} data-testid="loan-product-max" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
