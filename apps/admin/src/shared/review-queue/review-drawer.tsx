import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, Drawer, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../feedback.ts';
import { MemberContext } from '../member-context/member-context.tsx';

/** One record of a queue on the left, the member's context beside it on the right. */
export function ReviewDrawer({
  title,
  status,
  uid,
  onClose,
  testId,
  children,
}: {
  title: string;
  status: ReactNode;
  /** The member's UID: their context shows beside the record. */
  uid: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Drawer open width={1040} onClose={onClose} title={title} extra={status} data-testid={testId}>
      <Row gutter={24}>
        <Col span={14}>{children}</Col>
        <Col span={10}>
          <MemberContext uid={uid} />
        </Col>
      </Row>
    </Drawer>
  );
}

/**
 * A review decision: `send` makes the call (with its idempotency key); once it answers, the
 * decided record stays open and every list is read again.
 */
export function useDecision<Body, Row>(send: (body: Body) => Promise<Row>, onDecided: (row: Row) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (decided) => {
      onDecided(decided);
      toastSuccess(t('common.done'));
      void queryClient.invalidateQueries();
    },
  });
}
