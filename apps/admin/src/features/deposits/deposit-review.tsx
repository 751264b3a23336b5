import { call } from '@soar/client';
import {
  type DepositReviewBody,
  decimalString,
  depositReviewBody,
  depositStatuses,
  networkLabel,
} from '@soar/contract';
import { Button, Descriptions, Divider, Form, Input, Space, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { ReviewDrawer, useDecision } from '../../shared/review-queue/review-drawer.tsx';
import { DepositStatus } from '../../shared/status.tsx';
import { UploadImage } from '../../shared/upload-image.tsx';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import type { AdminDeposit } from './deposit-queue-page.tsx';

type Decision = Omit<DepositReviewBody, 'id'>;

/** One deposit with its proof and the member beside it; pass, part or refuse, each confirmed. */
export function DepositReview({
  deposit,
  onClose,
  onDecided,
}: {
  deposit: AdminDeposit;
  onClose: () => void;
  onDecided: (deposit: AdminDeposit) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<{ auditAmount?: string; remark?: string }>();
  const validation = useSubmitValidation();
  const review = useDecision(
    (decision: Decision) =>
      call('POST /admin/deposit/review', { body: { id: deposit.id, ...decision } }, { headers: idempotencyHeaders() }),
    onDecided,
  );
  const waiting = deposit.status === depositStatuses.wait;
  const amount = `${money(deposit.amount, deposit.currency)} ${deposit.currency}`;

  const decide = (decision: Decision, title: string) =>
    void confirmAction({ title, content: `#${deposit.id} · ${amount}`, onOk: () => review.mutateAsync(decision) });

  const part = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields(['auditAmount']).catch(() => undefined);
    if (!values?.auditAmount) return;
    const credited = `${money(values.auditAmount, deposit.currency)} ${deposit.currency}`;
    decide(
      {
        status: depositStatuses.part,
        auditAmount: values.auditAmount,
        remark: form.getFieldValue('remark') || undefined,
      },
      t('deposits.confirmPart', { amount: credited }),
    );
  };

  const refuse = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields(['remark']).catch(() => undefined);
    if (!values?.remark) return;
    decide({ status: depositStatuses.refuse, remark: values.remark.trim() }, t('deposits.confirmRefuse', { amount }));
  };

  return (
    <ReviewDrawer
      title={`${t('deposits.review')} #${deposit.id}`}
      status={<DepositStatus status={deposit.status} />}
      uid={deposit.member.uid}
      record={{ entity: 'deposit', id: deposit.id, waiting, decision: deposit.decision }}
      onClose={onClose}
      testId="deposit-review"
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('common.amount')} span={2}>
          <Typography.Text strong>{amount}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits.type')}>
          {deposit.type === 'bank' ? t('deposits.bank') : `USDT ${networkLabel(deposit.network)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits.creditCurrency')}>{deposit.creditCurrency}</Descriptions.Item>
        {deposit.type === 'bank' ? (
          <>
            <Descriptions.Item label={t('deposits.bankName')}>{deposit.bankName}</Descriptions.Item>
            <Descriptions.Item label={t('deposits.bankBranch')}>{deposit.bankBranch}</Descriptions.Item>
            <Descriptions.Item label={t('deposits.account')}>{deposit.account}</Descriptions.Item>
            <Descriptions.Item label={t('deposits.bankCode')}>{deposit.bankCode}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('deposits.txHash')} span={2}>
            <Typography.Text copyable code>
              {deposit.txHash ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('common.submitted')}>{formatTime(deposit.submitTime)}</Descriptions.Item>
        <Descriptions.Item label={t('common.reviewed')}>{formatTime(deposit.auditTime)}</Descriptions.Item>
        {deposit.auditAmount !== null && (
          <Descriptions.Item label={t('deposits.auditAmount')} span={2}>
            {money(deposit.auditAmount, deposit.currency)} {deposit.currency}
          </Descriptions.Item>
        )}
        {deposit.remark && (
          <Descriptions.Item label={t('common.remark')} span={2}>
            {deposit.remark}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Divider titlePlacement="start">{t('deposits.proof')}</Divider>
      {deposit.proof ? (
        <UploadImage
          id={deposit.proof}
          alt={t('deposits.proof')}
          failed={t('deposits.proofFailed')}
          testId="deposit-proof"
        />
      ) : (
        <Typography.Text type="secondary">{t('deposits.noProof')}</Typography.Text>
      )}
      {waiting && (
        <>
          <Divider titlePlacement="start">{t('deposits.decision')}</Divider>
          <Form
            form={form}
            layout="vertical"
            validateTrigger={validation.validateTrigger}
            onSubmitCapture={validation.onSubmitCapture}
          >
            <Form.Item
              name="auditAmount"
              label={t('deposits.auditAmount')}
              extra={t('deposits.auditAmountHint', { amount })}
              rules={[
                {
                  validator: async (_rule, value?: string) => {
                    if (!value) throw new Error(t('validation.required', { field: t('deposits.auditAmount') }));
                    if (!decimalString.safeParse(value).success)
                      throw new Error(t('validation.decimal', { field: t('deposits.auditAmount') }));
                    const audit = new Decimal(value);
                    if (audit.lte(0) || audit.gte(deposit.amount))
                      throw new Error(t('deposits.auditAmountRange', { amount }));
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                suffix={deposit.currency}
                style={{ maxWidth: 280 }}
                data-testid="audit-amount"
              />
            </Form.Item>
            <Form.Item
              name="remark"
              label={t('common.remark')}
              extra={t('deposits.remarkHint')}
              rules={[zodRule(depositReviewBody.shape.remark.unwrap().min(1), t('common.remark'))]}
            >
              <Input.TextArea maxLength={500} rows={2} data-testid="deposit-remark" />
            </Form.Item>
            <Space>
              <Button
                type="primary"
                onClick={() =>
                  decide(
                    { status: depositStatuses.pass, remark: form.getFieldValue('remark') || undefined },
                    t('deposits.confirmPass', { amount }),
                  )
                }
                data-testid="deposit-pass"
              >
                {t('deposits.pass')}
              </Button>
              <Button onClick={() => void part()} data-testid="deposit-part">
                {t('deposits.part')}
              </Button>
              <Button danger onClick={() => void refuse()} data-testid="deposit-refuse">
                {t('deposits.refuse')}
              </Button>
            </Space>
          </Form>
        </>
      )}
    </ReviewDrawer>
  );
}
