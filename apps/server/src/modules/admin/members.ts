import { and, asc, count, desc, eq, gt, ilike, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import { type StartedHold, startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  auditLog,
  balances,
  deposits,
  loginAttempts,
  memberPasskeys,
  memberRecoveryCodes,
  operators,
  sessions,
  users,
  withdrawals,
} from '../../db/schema/index.ts';
import { moneyString } from '../../lib/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import { clearSecondFactors, revokeAllSessions } from '../member/index.ts';
import type { TradeService } from '../trade/index.ts';
import { memberPositions } from '../trade/index.ts';
import type { AccountService } from '../wallet/index.ts';
import { adminDepositView, adminWithdrawalView } from '../wallet/index.ts';
import { memberTimeline } from './member-timeline.ts';

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;

const liveSession = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

function sessionView(row: SessionRow, now: Date) {
  return {
    id: row.id,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    live: row.revokedAt === null && row.expiresAt > now,
  };
}

export function memberView(row: UserRow) {
  return {
    id: row.id,
    uid: row.uid,
    nickname: row.nickname,
    mail: row.mail,
    areaCode: row.areaCode,
    phone: row.phone,
    kycStatus: row.kycStatus,
    vipLevel: row.vipLevel,
    loginFrozen: row.loginFrozen,
    withdrawFrozen: row.withdrawFrozen,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed by an operator are searched for, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const recent = 5;
const attemptsShown = 10;

/** Members as operators see them: search, context beside reviews, VIP and freezes (audited). */
export class MemberAdmin {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly trade: TradeService,
  ) {}

  async list(query: PageQuery & { q?: string }) {
    let where: SQL | undefined;
    if (query.q) {
      const pattern = likeText(query.q);
      where = or(
        ilike(users.uid, pattern),
        ilike(users.mail, pattern),
        ilike(users.phone, pattern),
        ilike(users.nickname, pattern),
      );
    }
    return paginate(
      query,
      this.db.select().from(users).where(where).orderBy(desc(users.id)).$dynamic(),
      this.db.select({ total: count() }).from(users).where(where),
      memberView,
    );
  }

  /** By the UID operators see and link to (docs/admin.md); the rest of the page uses the id it answers. */
  async detail(uid: string) {
    const [user] = await this.db.select().from(users).where(eq(users.uid, uid));
    if (!user) throw new AppError('MEMBER_NOT_FOUND');
    const id = user.id;
    const member = { uid: user.uid, nickname: user.nickname, mail: user.mail };
    const [balanceRows, depositRows, withdrawalRows, sessionRows, attemptRows, login, withdraw] = await Promise.all([
      this.db.select().from(balances).where(eq(balances.userId, id)).orderBy(asc(balances.currency)),
      this.db.select().from(deposits).where(eq(deposits.userId, id)).orderBy(desc(deposits.id)).limit(recent),
      this.db.select().from(withdrawals).where(eq(withdrawals.userId, id)).orderBy(desc(withdrawals.id)).limit(recent),
      this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id), liveSession(new Date())))
        .orderBy(desc(sessions.lastSeenAt)),
      this.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.userId, id))
        .orderBy(desc(loginAttempts.id))
        .limit(attemptsShown),
      this.lastFreeze(id, 'loginFrozen'),
      this.lastFreeze(id, 'withdrawFrozen'),
    ]);
    const [{ left: recoveryLeft } = { left: 0 }] = await this.db
      .select({ left: count() })
      .from(memberRecoveryCodes)
      .where(and(eq(memberRecoveryCodes.userId, id), isNull(memberRecoveryCodes.usedAt)));
    const [keys = { n: 0, lastUsedAt: null }] = await this.db
      .select({ n: count(), lastUsedAt: max(memberPasskeys.lastUsedAt) })
      .from(memberPasskeys)
      .where(eq(memberPasskeys.userId, id));
    return {
      ...memberView(user),
      inviteCode: user.inviteCode,
      freezes: { login, withdraw },
      secondFactors: {
        totp: user.totpEnabledAt !== null,
        totpEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
        totpLastUsedAt: user.totpLastStep === null ? null : new Date(user.totpLastStep * 30_000).toISOString(),
        recoveryCodesLeft: recoveryLeft,
        passkeys: keys.n,
        passkeyLastUsedAt: keys.lastUsedAt?.toISOString() ?? null,
      },
      balances: balanceRows.map((row) => ({
        currency: row.currency,
        available: moneyString(row.available),
        frozen: moneyString(row.frozen),
      })),
      deposits: depositRows.map((row) => ({ ...adminDepositView(row), member })),
      withdrawals: withdrawalRows.map((row) => ({ ...adminWithdrawalView(row), member })),
      sessions: sessionRows.map((row) => ({
        id: row.id,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      })),
      attempts: attemptRows.map((row) => ({
        time: row.createdAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        result: row.result as 'success' | 'failed' | 'lockout' | 'locked',
      })),
    };
  }

  /** Audit entries about the member and their sign-ins, newest first. */
  async timeline(query: PageQuery & { uid: string }) {
    return memberTimeline(this.db, query);
  }

  async ledger(query: PageQuery & { id: number; currency?: string; account?: 'available' | 'frozen' }) {
    await this.row(query.id);
    return this.accounts.transactions(query.id, query);
  }

  async positions(query: { id: number; page: number; pageSize: number; status: 'open' | 'closed' }) {
    await this.row(query.id);
    return memberPositions(this.trade, query.id, query);
  }

  /** Every session the member opened, newest first: live ones and how the others ended. */
  async sessions(query: { id: number; page: number; pageSize: number }) {
    await this.row(query.id);
    const where = eq(sessions.userId, query.id);
    const now = new Date();
    return paginate(
      query,
      this.db.select().from(sessions).where(where).orderBy(desc(sessions.id)).$dynamic(),
      this.db.select({ total: count() }).from(sessions).where(where),
      (row) => sessionView(row, now),
    );
  }

  /**
   * Ends one live session of the member, audited. The guarded update lets exactly one of two racing
   * revokes win; a session of another member, or one already ended, is not found.
   */
  async revokeSession(actor: Actor, body: { id: number; sessionId: number }) {
    await this.row(body.id);
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const [after] = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, body.sessionId), eq(sessions.userId, body.id), liveSession(now)))
        .returning();
      if (!after) throw new AppError('MEMBER_SESSION_NOT_FOUND');
      const view = sessionView(after, now);
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        ip: actor.ip,
        action: 'member.session.revoke',
        entity: 'member',
        entityId: body.id,
        before: { ...view, revokedAt: null, live: true },
        after: view,
      });
      return view;
    });
  }

  async setVip(actor: Actor, id: number, vipLevel: number) {
    return this.change(actor, id, 'member.vip', async () => ({ vipLevel }));
  }

  /**
   * A frozen login ends the member's live sessions at once; a frozen withdrawal refuses new ones.
   * The reason is recorded in the audit entry, where the member page reads it back.
   */
  async freeze(actor: Actor, body: { id: number; login?: boolean; withdraw?: boolean; reason: string }) {
    return this.change(
      actor,
      body.id,
      'member.freeze',
      async (tx) => {
        if (body.login) await revokeAllSessions(tx, body.id);
        return {
          ...(body.login === undefined ? {} : { loginFrozen: body.login }),
          ...(body.withdraw === undefined ? {} : { withdrawFrozen: body.withdraw }),
        };
      },
      { reason: body.reason },
    );
  }

  /**
   * Support's reset of two-step sign-in (docs/admin.md, Members): after an identity check, which
   * the reason records, the secret, recovery codes and open challenges go and a withdrawal hold
   * starts, so whoever asked cannot move money out at once.
   */
  async resetTotp(actor: Actor, body: { id: number; reason: string }, now: Date) {
    let hold: StartedHold | undefined;
    const member = await this.change(
      actor,
      body.id,
      'member.totpReset',
      async (tx) => {
        const [row] = await tx.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, body.id));
        if (!row?.enabledAt) throw new AppError('TOTP_NOT_ENABLED');
        await clearSecondFactors(tx, body.id);
        hold = await startWithdrawalHold(tx, { userId: body.id, reason: 'totpReset', now });
        return { totpSecret: null, totpEnabledAt: null, totpLastStep: null };
      },
      { reason: body.reason },
    );
    if (!hold) throw new Error('the reset started no hold');
    return { member, hold };
  }

  /** The latest audited freeze or unfreeze that changed this flag, with its reason, operator and time. */
  private async lastFreeze(id: number, flag: 'loginFrozen' | 'withdrawFrozen') {
    const key = sql.raw(`'${flag}'`);
    const [row] = await this.db
      .select({
        frozen: sql<boolean>`(${auditLog.after} ->> ${key})::boolean`,
        reason: sql<string | null>`${auditLog.after} ->> 'reason'`,
        operatorName: operators.username,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(
        and(
          eq(auditLog.entity, 'member'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'member.freeze'),
          sql`${auditLog.after} -> ${key} is distinct from ${auditLog.before} -> ${key}`,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row
      ? { frozen: row.frozen, reason: row.reason, operatorName: row.operatorName, time: row.createdAt.toISOString() }
      : null;
  }

  private async change(
    actor: Actor,
    id: number,
    action: string,
    patch: (tx: Transaction) => Promise<Partial<UserRow>>,
    why: { reason?: string } = {},
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw new AppError('MEMBER_NOT_FOUND');
      const [after] = await tx
        .update(users)
        .set(await patch(tx))
        .where(eq(users.id, id))
        .returning();
      if (!after) throw new Error('update returned no member');
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        ip: actor.ip,
        action,
        entity: 'member',
        entityId: id,
        before: memberView(before),
        after: { ...memberView(after), ...why },
      });
      return memberView(after);
    });
  }

  private async row(id: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError('MEMBER_NOT_FOUND');
    return user;
  }
}
