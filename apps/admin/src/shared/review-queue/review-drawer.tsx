import type { QueueDecision, QueueEntity } from '@soar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Col, Drawer, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../feedback.ts';
import { MemberContext } from '../member-context/member-context.tsx';
import { ClaimNotice, useClaim } from './claim.tsx';

/**
 * One record of a queue on the left, the member's context beside it on the right. While it waits
 * the record is held for the others to see (docs/admin.md, Queues); the drawer says who else
 * holds it, or who decided it and when.
 */
export function ReviewDrawer({
  title,
  status,
  uid,
  record,
  onClose,
  testId,
  children,
}: {
  title: string;
  status: ReactNode;
  /** The member's UID: their context shows beside the record. */
  uid: string;
  /** The record in the claims' terms, whether it still waits and who decided it. */
  record: { entity: QueueEntity; id: number; waiting: boolean; decision?: QueueDecision | null };
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const claim = useClaim(record.entity, record.id, record.waiting);
  return (
    <Drawer open width={1040} onClose={onClose} title={title} extra={status} data-testid={testId}>
      <Row gutter={24}>
        <Col span={14}>
          <ClaimNotice claim={record.waiting ? claim : undefined} decision={record.decision} />
          {children}
        </Col>
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
