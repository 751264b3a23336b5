import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, pageQuery } from './envelope.ts';
import { idField, isoTime, uidField } from './fields.ts';
import { decimalString } from './money.ts';

// What every review queue shares (docs/admin.md, Queues): search, history, claims, who decided.

/** The records operators decide in a queue, named as the audit log names them. */
export const queueEntities = ['deposit', 'withdrawal', 'loan', 'kyc', 'order', 'ipo_subscription'] as const;
export type QueueEntity = (typeof queueEntities)[number];

/** How long an opened record stays held by its operator unless renewed or released. */
export const claimMinutes = 5;

/** The search of every queue list: member, amount range, time range, waiting or decided. */
export const queueSearchFields = {
  id: idField.optional().describe('one record: a drawer reads the record it shows again'),
  uid: uidField.optional().describe('the member’s 8-digit UID'),
  mail: z.string().trim().min(1).max(254).optional().describe('part of the member’s mail, any case'),
  amountMin: decimalString.optional().describe('at least this amount (in the record’s currency)'),
  amountMax: decimalString.optional(),
  since: z.iso.datetime({ offset: true }).optional().describe('submitted at or after'),
  until: z.iso.datetime({ offset: true }).optional().describe('submitted before'),
  decided: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('false: what waits (the queue); true: what was decided (its history); absent: both'),
};

type Bounds = { amountMin?: string; amountMax?: string; since?: string; until?: string };

/** A range whose ends are the wrong way round is a 422 naming its upper end. */
export function checkQueueBounds(query: Bounds, ctx: z.RefinementCtx) {
  if (query.amountMin !== undefined && query.amountMax !== undefined) {
    if (Number(query.amountMin) > Number(query.amountMax))
      ctx.addIssue({ code: 'custom', message: 'validation.rangeOrder', path: ['amountMax'] });
  }
  if (query.since !== undefined && query.until !== undefined) {
    if (Date.parse(query.since) > Date.parse(query.until))
      ctx.addIssue({ code: 'custom', message: 'validation.rangeOrder', path: ['until'] });
  }
}

/** A queue's list query: the page, the queue's own filters and the shared search. */
export function queueQuery<T extends z.ZodRawShape>(shape: T) {
  return pageQuery
    .extend({ ...shape, ...queueSearchFields })
    .superRefine((query, ctx) => checkQueueBounds(query as Bounds, ctx));
}

/** An operator holding a record while they look at it; expires at `until` unless renewed. */
export const queueClaim = z.object({
  operator: z.string(),
  until: isoTime,
  mine: z.boolean().describe('held by the operator asking'),
});
export type QueueClaim = z.infer<typeof queueClaim>;

/** Who decided a record and when, read from the audit log. */
export const queueDecision = z.object({ operator: z.string().nullable(), at: isoTime });
export type QueueDecision = z.infer<typeof queueDecision>;

/** What a queue's list and decisions answer beside each record. */
export const queueState = {
  claim: queueClaim.nullable().optional().describe('held by an operator now; null: free'),
  decision: queueDecision.nullable().optional().describe('null while it waits'),
};

export const claimBody = z.strictObject({ entity: z.enum(queueEntities), id: idField });

const deciders = { access: 'operator', roles: ['finance', 'compliance', 'trading'] } as const;

/** Claims on queue records: opening a record holds it for the others to see (docs/admin.md). */
export const queueClaimApi = {
  claim: {
    ...deciders,
    method: 'POST',
    path: '/admin/claim',
    summary: `Hold a waiting record while deciding it (${claimMinutes} minutes, renewed by calling again); answers who holds it`,
    body: claimBody,
    response: ok(queueClaim),
  },
  release: {
    ...deciders,
    method: 'POST',
    path: '/admin/claim/release',
    summary: 'Let go of a record one holds',
    body: claimBody,
    response: ok(z.object({ released: z.boolean() })),
  },
} as const satisfies Api;
