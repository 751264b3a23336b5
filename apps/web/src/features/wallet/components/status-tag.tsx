import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** docs/product.md section 4: deposit 0 wait, 1 pass, 2 part, 3 refuse; withdrawal 0 wait, 1 pass, 2 refuse. */
const depositStatuses = ['wait', 'pass', 'part', 'refuse'] as const;
const withdrawStatuses = ['wait', 'pass', 'refuse'] as const;
type Status = (typeof depositStatuses)[number];

/**
 * The spec's colours: waiting is a warning, passed a success, part the primary, refused danger;
 * through the theme's variables, which keep text on white and on dark surfaces readable (AA).
 */
const statusColors: Record<Status, 'warning' | 'success' | 'primary' | 'danger'> = {
  wait: 'warning',
  pass: 'success',
  part: 'primary',
  refuse: 'danger',
};

export function StatusTag({ kind, status }: { kind: 'deposit' | 'withdraw'; status: number }) {
  const { t } = useTranslation();
  const name = (kind === 'deposit' ? depositStatuses : withdrawStatuses)[status];
  if (!name) return <Tag>{status}</Tag>;
  return (
    <Tag color={statusColors[name]} fill="outline" data-testid="record-status" data-status={name}>
      {t(`wallet.status.${name}`)}
    </Tag>
  );
}
