import { call } from '@soar/client';
import { type WithdrawReviewBody, withdrawReviewBody, withdrawStatuses } from '@soar/contract';
import { Button, Descriptions, Divider, Form, Input, Space, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useMoney } from '../../shared/currencies.ts';
import { formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { ReviewDrawer, useDecision } from '../../shared/review-queue/review-drawer.tsx';
import { WithdrawStatus } from '../../shared/status.tsx';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import { HeldAlert, isHeld } from './held.tsx';
import type { AdminWithdrawal } from './withdraw-queue-page.tsx';

/** One withdrawal with the member beside it: pay out, or refuse with a reason (funds return). */
export function WithdrawReview({
  withdrawal,
  onClose,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onDecided: (withdrawal: AdminWithdrawal) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<{ remark?: string; payoutReference?: string }>();
  const validation = useSubmitValidation();
  const review = useDecision(
    (body: Omit<WithdrawReviewBody, 'id'>) =>
      call('POST /admin/withdraw/review', { body: { id: withdrawal.id, ...body } }, { headers: idempotencyHeaders() }),
    onDecided,
  );
  const { currency } = withdrawal;
  const amount = `${money(withdrawal.amount, currency)} ${currency}`;
  const total = `${money(new Decimal(withdrawal.amount).plus(withdrawal.fee).toFixed(), currency)} ${currency}`;
  const waiting = withdrawal.status === withdrawStatuses.wait;

  const refuse = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields(['remark']).catch(() => undefined);
    if (!values?.remark) return;
    void confirmAction({
      title: t('withdrawals.confirmRefuse', { amount: total }),
      content: values.remark,
      onOk: () => review.mutateAsync({ status: withdrawStatuses.refuse, remark: values.remark }),
    });
  };

  return (
    <ReviewDrawer
      title={`${t('withdrawals.review')} #${withdrawal.id}`}
      status={<WithdrawStatus status={withdrawal.status} />}
      uid={withdrawal.member.uid}
      record={{ entity: 'withdrawal', id: withdrawal.id, waiting, decision: withdrawal.decision }}
      onClose={onClose}
      testId="withdraw-review"
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('common.amount')}>
          <Typography.Text strong>{amount}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.fee')}>
          {money(withdrawal.fee, currency)} {currency}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.frozenTotal')} span={2}>
          {total}
        </Descriptions.Item>
        {withdrawal.arrivalAmount !== null && withdrawal.arrivalCurrency !== null && (
          <Descriptions.Item label={t('withdrawals.arrival')}>
            <Typography.Text strong data-testid="withdraw-arrival">
              {money(withdrawal.arrivalAmount, withdrawal.arrivalCurrency)} {withdrawal.arrivalCurrency}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {withdrawal.rate !== null && (
          <Descriptions.Item label={t('withdrawals.rate')}>
            1 {currency} = {withdrawal.rate} {withdrawal.arrivalCurrency}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('withdrawals.wallet')}>{withdrawal.walletName}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.network')}>{withdrawal.network}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.address')} span={2}>
          <Typography.Text copyable code>
            {withdrawal.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.submitted')}>{formatTime(withdrawal.submitTime)}</Descriptions.Item>
        <Descriptions.Item label={t('common.reviewed')}>{formatTime(withdrawal.auditTime)}</Descriptions.Item>
        {withdrawal.payoutReference && (
          <Descriptions.Item label={t('withdrawals.payoutReference')} span={2}>
            <Typography.Text copyable code data-testid="withdraw-payout-reference">
              {withdrawal.payoutReference}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {withdrawal.remark && (
          <Descriptions.Item label={t('withdrawals.reason')} span={2}>
            {withdrawal.remark}
          </Descriptions.Item>
        )}
      </Descriptions>
      {waiting && (
        <>
          <Divider titlePlacement="start">{t('deposits.decision')}</Divider>
          <HeldAlert withdrawal={withdrawal} />
          <Form
            form={form}
            layout="vertical"
            validateTrigger={validation.validateTrigger}
            onSubmitCapture={validation.onSubmitCapture}
          >
            <Form.Item
              name="payoutReference"
              label={t('withdrawals.payoutReference')}
              extra={t('withdrawals.payoutReferenceHint')}
            >
              <Input maxLength={200} data-testid="withdraw-payout-reference-input" />
            </Form.Item>
            <Form.Item
              name="remark"
              label={t('withdrawals.reason')}
              extra={t('withdrawals.reasonHint')}
              rules={[zodRule(withdrawReviewBody.shape.remark.unwrap().min(1), t('withdrawals.reason'))]}
            >
              <Input.TextArea maxLength={500} rows={2} data-testid="withdraw-reason" />
            </Form.Item>
            <Space>
              <Button
                type="primary"
                onClick={() => {
                  const payoutReference = form.getFieldValue('payoutReference')?.trim() || undefined;
                  void confirmAction({
                    title: t('withdrawals.confirmPass', { amount }),
                    content: [`${withdrawal.network} ${withdrawal.address}`, payoutReference]
                      .filter(Boolean)
                      .join(' · '),
                    onOk: () => review.mutateAsync({ status: withdrawStatuses.pass, payoutReference }),
                  });
                }}
                disabled={isHeld(withdrawal)}
                data-testid="withdraw-pass"
              >
                {t('withdrawals.pass')}
              </Button>
              <Button danger onClick={() => void refuse()} data-testid="withdraw-refuse">
                {t('withdrawals.refuse')}
              </Button>
            </Space>
          </Form>
        </>
      )}
    </ReviewDrawer>
  );
}
