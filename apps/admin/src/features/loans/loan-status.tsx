import { loanApprovalStatuses, loanStatuses } from '@soar/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const approvalColours: Record<number, string> = {
  [loanApprovalStatuses.pending]: 'gold',
  [loanApprovalStatuses.approved]: 'green',
  [loanApprovalStatuses.refused]: 'red',
};
const stateColours: Record<number, string> = {
  [loanStatuses.notDisbursed]: 'default',
  [loanStatuses.disbursed]: 'blue',
  [loanStatuses.repaid]: 'green',
  [loanStatuses.overdue]: 'red',
};

export function LoanApproval({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={approvalColours[status]}>{t(`status.loanApproval.${status}`)}</Tag>;
}

export function LoanState({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={stateColours[status]}>{t(`status.loan.${status}`)}</Tag>;
}
