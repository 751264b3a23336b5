import { Button } from 'antd';
import type { ReactNode } from 'react';
import { confirmAction } from './confirm.ts';

/** A row's irreversible action (delete, close): a small danger button that asks first. */
export function ConfirmButton({
  title,
  content,
  onConfirm,
  testId,
  children,
}: {
  title: ReactNode;
  content?: ReactNode;
  onConfirm: () => Promise<unknown>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      danger
      data-testid={testId}
      onClick={() => void confirmAction({ title, content, onOk: onConfirm })}
    >
      {children}
    </Button>
  );
}
