import { type ApiData, depositStatuses, kycStatuses, loanApprovalStatuses, withdrawStatuses } from '@soar/contract';
import { eq } from 'drizzle-orm';
import { type Database, queryText } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page, PageQuery } from '../../lib/paginate.ts';

type Item = ApiData<'GET /admin/user/timeline'>['list'][number];

type TimelineRow = {
  source: 'audit' | 'session';
  id: number;
  time: Date | string;
  action: string | null;
  entity: string | null;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  operator_name: string | null;
  ip: string | null;
  user_agent: string | null;
};

/**
 * The entries about the member: `user_id`, or on entries written before it was recorded the member
 * itself or the `userId` of the record's view (as the audit log's member search reads them).
 */
const timelineRows = `
  select 'audit' as source, a.id, a.created_at as time, a.action, a.entity, a.entity_id, a.before, a.after,
    o.username as operator_name, null::text as ip, null::text as user_agent
  from audit_log a left join operators o on o.id = a.operator_id
  where a.user_id = $1 or (a.user_id is null and (
    (a.entity = 'member' and a.entity_id = $1::text)
    or (a.entity <> 'member' and coalesce(a.after ->> 'userId', a.before ->> 'userId') = $1::text)))
  union all
  select 'session', s.id, s.created_at, null, null, null, null, null, null, s.ip, s.user_agent
  from sessions s where s.user_id = $1`;

const listStatement = `select * from (${timelineRows}) t order by t.time desc, t.source, t.id desc limit $2 offset $3`;
const countStatement = `select count(*)::integer as total from (${timelineRows}) t`;

/** Reviews and what their status after the decision means, per action. */
const reviews: Record<string, (after: Record<string, unknown>) => Item['outcome']> = {
  'deposit.review': (after) =>
    outcomeOf(after.status, {
      passed: depositStatuses.pass,
      partial: depositStatuses.part,
      refused: depositStatuses.refuse,
    }),
  'withdraw.review': (after) =>
    outcomeOf(after.status, { passed: withdrawStatuses.pass, refused: withdrawStatuses.refuse }),
  'kyc.review': (after) => outcomeOf(after.status, { passed: kycStatuses.passed, refused: kycStatuses.refused }),
  'loan.review': (after) =>
    outcomeOf(after.approvalStatus, { passed: loanApprovalStatuses.approved, refused: loanApprovalStatuses.refused }),
  'order.pass': () => 'passed',
  'order.refuse': () => 'refused',
  'ipo.review': () => null,
};

/** The outcome whose status the decision wrote, by each domain's own status names. */
function outcomeOf(status: unknown, outcomes: Partial<Record<NonNullable<Item['outcome']>, number>>): Item['outcome'] {
  const found = Object.entries(outcomes).find(([, value]) => value === Number(status));
  return found ? (found[0] as Item['outcome']) : null;
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function auditItem(row: TimelineRow): Item {
  const before = objectOf(row.before);
  const after = objectOf(row.after);
  const action = row.action ?? '';
  let kind: Item['kind'] = 'audit';
  let outcome: Item['outcome'] = null;
  const flags: Item['flags'] = [];
  const review = reviews[action];
  if (review) {
    kind = 'review';
    outcome = review(after) ?? null;
  } else if (action === 'member.freeze') {
    if (after.loginFrozen !== before.loginFrozen) flags.push('login');
    if (after.withdrawFrozen !== before.withdrawFrozen) flags.push('withdraw');
    kind = flags.some((flag) => after[`${flag}Frozen`] === true) ? 'freeze' : 'unfreeze';
  } else if (action.startsWith('adjustment.')) {
    kind = 'adjustment';
  }
  const amount = textOf(after.amount);
  return {
    key: `audit:${row.id}`,
    time: new Date(row.time).toISOString(),
    kind,
    action,
    operatorName: row.operator_name,
    record: row.entity && row.entity_id ? { entity: row.entity, id: row.entity_id } : null,
    outcome,
    flags,
    amount: amount && after.direction === 'debit' ? `-${amount}` : amount,
    currency: textOf(after.currency),
    note: textOf(after.reason) ?? textOf(after.remark),
    ip: null,
    userAgent: null,
  };
}

function sessionItem(row: TimelineRow): Item {
  return {
    key: `session:${row.id}`,
    time: new Date(row.time).toISOString(),
    kind: 'signIn',
    action: null,
    operatorName: null,
    record: null,
    outcome: null,
    flags: [],
    amount: null,
    currency: null,
    note: null,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** One list, newest first, of what happened to or for a member (docs/admin.md, Members). */
export async function memberTimeline(db: Database, query: PageQuery & { uid: string }): Promise<Page<Item>> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.uid, query.uid));
  if (!user) throw new AppError('MEMBER_NOT_FOUND');
  const [rows, counted] = await Promise.all([
    queryText<TimelineRow>(db, listStatement, [user.id, query.pageSize, (query.page - 1) * query.pageSize]),
    queryText<{ total: number }>(db, countStatement, [user.id]),
  ]);
  return {
    list: rows.map((row) => (row.source === 'session' ? sessionItem(row) : auditItem(row))),
    total: counted[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
