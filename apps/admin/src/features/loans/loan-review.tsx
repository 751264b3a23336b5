import { call } from '@soar/client';
import { type LoanReviewBody, loanAmount, loanApprovalStatuses, loanReviewBody, loanStatuses } from '@soar/contract';
import { Button, Descriptions, Divider, Form, Input, Space, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { useMoney } from '../../shared/currencies.ts';
import { formatPercent, formatTime } from '../../shared/format.ts';
import { idempotencyHeaders } from '../../shared/idempotency.ts';
import { ReviewDrawer, useDecision } from '../../shared/review-queue/review-drawer.tsx';
import { UploadImage } from '../../shared/upload-image.tsx';
import { useSubmitValidation, zodRule } from '../../shared/validation.ts';
import type { AdminLoan } from './loan-queue-page.tsx';
import { LoanApproval, LoanState } from './loan-status.tsx';

type Values = { amount?: string; reason?: string };

/** The reason is optional to approve: checked as required when refusing. */
const reasonField = loanReviewBody.shape.reason;

/** A signature is drawn dark on transparent: a white card shows it in either theme. */
const signatureStyle = {
  background: '#fff',
  border: '1px solid #f0f0f0',
  maxHeight: 120,
  objectFit: 'contain',
} as const;

/** One loan with the member beside it: approve an amount (disbursed at once) or refuse with a reason. */
export function LoanReview({
  loan,
  onClose,
  onDecided,
}: {
  loan: AdminLoan;
  onClose: () => void;
  onDecided: (loan: AdminLoan) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<Values>();
  const validation = useSubmitValidation();
  const review = useDecision(
    (body: Omit<LoanReviewBody, 'id'>) =>
      call('POST /admin/loan/review', { body: { id: loan.id, ...body } }, { headers: idempotencyHeaders() }),
    onDecided,
  );
  const { currency, terms } = loan;
  const show = (value: string) => `${money(value, currency)} ${currency}`;
  const waiting = loan.approvalStatus === loanApprovalStatuses.pending;
  // docs/admin.md, Rules: the product's range as the member accepted it, at most the amount applied for.
  const range = { min: terms.minAmount, max: Decimal.min(loan.amount, terms.maxAmount).toFixed() };
  const uid = loan.member.uid;
  const open = loan.status !== loanStatuses.notDisbursed;

  const approve = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields(['amount']).catch(() => undefined);
    if (!values) return;
    const amount = values.amount?.trim() || loan.amount;
    void confirmAction({
      title: t('loans.confirmApprove', { amount: show(amount), uid }),
      content: t('loans.confirmApproveHint', { days: terms.cycleDays }),
      onOk: () => review.mutateAsync({ status: loanApprovalStatuses.approved, amount }),
    });
  };
  const refuse = async () => {
    validation.onSubmitCapture();
    const values = await form.validateFields(['reason']).catch(() => undefined);
    const reason = values?.reason?.trim();
    if (!reason) {
      form.setFields([{ name: 'reason', errors: [t('validation.required', { field: t('loans.reason') })] }]);
      return;
    }
    void confirmAction({
      title: t('loans.confirmRefuse', { amount: show(loan.amount), uid }),
      content: reason,
      onOk: () => review.mutateAsync({ status: loanApprovalStatuses.refused, reason }),
    });
  };

  return (
    <ReviewDrawer
      title={`${t('loans.review')} #${loan.id}`}
      status={
        <Space>
          <LoanApproval status={loan.approvalStatus} />
          <LoanState status={loan.status} />
        </Space>
      }
      uid={loan.member.uid}
      record={{ entity: 'loan', id: loan.id, waiting, decision: loan.decision }}
      onClose={onClose}
      testId="loan-review"
    >
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('loans.product')} span={2}>
          {terms.productName}
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.applied')}>
          <Typography.Text strong>{show(loan.amount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.approved')}>
          {loan.approvedAmount ? show(loan.approvedAmount) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.cycle')}>{t('loans.days', { count: terms.cycleDays })}</Descriptions.Item>
        <Descriptions.Item label={t('loans.range')}>
          {show(terms.minAmount)} – {show(terms.maxAmount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.interestRate')}>{formatPercent(terms.dailyInterestRate)}</Descriptions.Item>
        <Descriptions.Item label={t('loans.penaltyRate')}>{formatPercent(terms.dailyPenaltyRate)}</Descriptions.Item>
        <Descriptions.Item label={t('common.submitted')}>{formatTime(loan.appliedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('common.reviewed')}>{formatTime(loan.reviewedAt)}</Descriptions.Item>
        {open && (
          <>
            <Descriptions.Item label={t('loans.dueDate')}>{loan.dueDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('loans.owed')}>
              <Typography.Text strong>{show(loan.owed.total)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('loans.repaid')}>{show(loan.repaidTotal)}</Descriptions.Item>
            <Descriptions.Item label={t('loans.overdueDays')}>{loan.overdueDays}</Descriptions.Item>
          </>
        )}
        {loan.refuseReason && (
          <Descriptions.Item label={t('loans.reason')} span={2}>
            {loan.refuseReason}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('loans.signature')} span={2}>
          <UploadImage
            id={loan.signature}
            alt={t('loans.signature')}
            failed={t('loans.signatureFailed')}
            width={240}
            style={signatureStyle}
            testId="loan-signature"
          />
        </Descriptions.Item>
      </Descriptions>
      {waiting && (
        <>
          <Divider titlePlacement="start">{t('deposits.decision')}</Divider>
          <Form<Values>
            form={form}
            layout="vertical"
            validateTrigger={validation.validateTrigger}
            onSubmitCapture={validation.onSubmitCapture}
          >
            <Form.Item
              name="amount"
              label={t('loans.approveAmount')}
              extra={t('loans.approveAmountHint', { amount: show(loan.amount) })}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (!value?.trim()) return;
                    const field = t('loans.approveAmount');
                    if (!loanAmount.safeParse(value.trim()).success)
                      throw new Error(t('validation.loanAmount', { field }));
                    const amount = new Decimal(value.trim());
                    if (amount.lt(range.min) || amount.gt(range.max)) {
                      throw new Error(t('loans.approveRange', { field, min: show(range.min), max: show(range.max) }));
                    }
                  },
                },
              ]}
            >
              <Input placeholder={loan.amount} suffix={currency} style={{ width: 240 }} data-testid="loan-amount" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('loans.reason')}
              extra={t('loans.reasonHint')}
              rules={[zodRule(reasonField, t('loans.reason'))]}
            >
              <Input.TextArea maxLength={500} rows={2} data-testid="loan-reason" />
            </Form.Item>
            <Space>
              <Button type="primary" onClick={() => void approve()} data-testid="loan-approve">
                {t('loans.approve')}
              </Button>
              <Button danger onClick={() => void refuse()} data-testid="loan-refuse">
                {t('loans.refuse')}
              </Button>
            </Space>
          </Form>
        </>
      )}
    </ReviewDrawer>
  );
}
