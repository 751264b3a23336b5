import { call } from '@soar/client';
import { claimMinutes, type QueueClaim, type QueueDecision, type QueueEntity } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format.ts';

const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/**
 * The claim calls on one record, each sent once the one before it answered. A drawer mounted
 * again at once (StrictMode's second run of effects, a remount) takes, releases and takes again:
 * the release must not overtake the second take, and the second take must reach the server
 * rather than be dropped as a duplicate of the first still in flight.
 */
const calls = new Map<string, Promise<unknown>>();
function inTurn<T>(entity: QueueEntity, id: number, send: () => Promise<T>): Promise<T> {
  const key = `${entity}:${id}`;
  const sent = (calls.get(key) ?? Promise.resolve()).then(send, send);
  const settled = sent.catch(() => undefined);
  calls.set(key, settled);
  void settled.then(() => {
    if (calls.get(key) === settled) calls.delete(key);
  });
  return sent;
}
const noDuplicateCheck = { toast: false, prevent: false } as const;

/**
 * Holds a waiting record while its drawer is open (docs/admin.md, Queues): claimed on open,
 * renewed before it lapses, released on close. Answers the claim standing, which may be
 * another operator's.
 */
export function useClaim(entity: QueueEntity, id: number, waiting: boolean) {
  const [claim, setClaim] = useState<QueueClaim>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    // The lists show who holds what: read them again once it changed.
    const refresh = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    const take = () =>
      inTurn(entity, id, () => call('POST /admin/claim', { body: { entity, id } }, noDuplicateCheck)).then(
        (standing) => {
          if (live) setClaim(standing);
          return standing;
        },
      );
    take().then(refresh, () => undefined);
    const renew = setInterval(() => void take().catch(() => undefined), ((claimMinutes * 60) / 2) * 1000);
    return () => {
      live = false;
      clearInterval(renew);
      inTurn(entity, id, () => call('POST /admin/claim/release', { body: { entity, id } }, noDuplicateCheck)).then(
        refresh,
        () => undefined,
      );
    };
  }, [entity, id, waiting, queryClient]);
  return claim;
}

/** "Held by alice until 10:05" in a list's row: someone else is on it. */
export function ClaimTag({ claim }: { claim: QueueClaim | null | undefined }) {
  const { t } = useTranslation();
  if (!claim) return null;
  return (
    <Tag color={claim.mine ? 'blue' : 'orange'} data-testid="claim-tag">
      {claim.mine
        ? t('queue.heldByYou', { time: clock(claim.until) })
        : t('queue.heldBy', { operator: claim.operator, time: clock(claim.until) })}
    </Tag>
  );
}

/** What a queue's record answers beside itself: who holds it now, who decided it. */
export type HeldRow = { claim?: QueueClaim | null; decision?: QueueDecision | null };

/** In a list's row: who decided the record and when, else the claim on it while someone holds it. */
export function Holder({ row }: { row: HeldRow }) {
  const { t } = useTranslation();
  if (!row.decision) return <ClaimTag claim={row.claim} />;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('queue.decidedBy', { operator: row.decision.operator ?? '—', time: formatTime(row.decision.at) })}
    </Typography.Text>
  );
}

/** The holder column of a queue's table, the same in every queue: `title` is `t('queue.holder')`. */
export function holderColumn<Row extends HeldRow>(title: string): ColumnType<Row> {
  return { title, width: 190, render: (_, row) => <Holder row={row} /> };
}

/** In a drawer: held by another operator, or already decided (by whom, when). */
export function ClaimNotice({
  claim,
  decision,
}: {
  claim: QueueClaim | undefined;
  decision: QueueDecision | null | undefined;
}) {
  const { t } = useTranslation();
  if (decision) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('queue.decidedBy', { operator: decision.operator ?? '—', time: formatTime(decision.at) })}
        data-testid="decided-by"
      />
    );
  }
  if (claim && !claim.mine) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('queue.heldBy', { operator: claim.operator, time: clock(claim.until) })}
        description={t('queue.heldHint')}
        data-testid="held-by"
      />
    );
  }
  return null;
}
