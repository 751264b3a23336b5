import {
  defaultWithdrawalHoldHours,
  type LanguageKey,
  resolveLanguage,
  type WithdrawalHoldReason,
  withdrawalHoldSetting,
  withdrawStatuses,
} from '@soar/contract';
import { translate } from '@soar/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { appSettings, notices, users, withdrawalHolds, withdrawals } from '../db/schema/index.ts';
import type { EventBus } from '../lib/bus.ts';

/**
 * Withdrawal holds (docs/ledger.md, Withdrawal holds): binding a wallet, a new login or pay
 * password, a password reset and turning two-step sign-in off start one. Withdrawals are still
 * accepted but wait: no operator can pass one before the hold ends, so whoever took over a
 * session cannot move money out before the member has had the hold's time to notice.
 */
export type WithdrawalHold = { userId: number; reason: WithdrawalHoldReason; startedAt: Date; endsAt: Date };
export type StartedHold = WithdrawalHold & { noticeId: number };

/** The `withdrawalHold` row of app_settings (docs/admin.md, Settings); 24 hours when unset. */
export async function withdrawalHoldHours(db: Database | Transaction): Promise<number> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'withdrawalHold'));
  const stored = withdrawalHoldSetting.safeParse(row?.value);
  return stored.success ? stored.data.hours : defaultWithdrawalHoldHours;
}

/** Times in hold messages: "2026-06-01 10:02 UTC", as the review errors name them. */
export function holdTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Starts a hold in the caller's transaction, or extends the one in force to `now` plus the
 * operator's duration (never shortening it; the start stays, so allow-list mode still names the
 * wallets bound before the hold began). The member's waiting withdrawals wait until the new end,
 * and the inbox gets the notice. After the commit, call `announceWithdrawalHold` for the mail.
 */
export async function startWithdrawalHold(
  tx: Transaction,
  { userId, reason, now }: { userId: number; reason: WithdrawalHoldReason; now: Date },
): Promise<StartedHold> {
  const hours = await withdrawalHoldHours(tx);
  const endsAt = new Date(now.getTime() + hours * 3_600_000);
  const [row] = await tx
    .insert(withdrawalHolds)
    .values({ userId, reason, startedAt: now, endsAt, updatedAt: now })
    .onConflictDoUpdate({
      target: withdrawalHolds.userId,
      set: {
        reason,
        startedAt: sql`case when ${withdrawalHolds.endsAt} > excluded.started_at then ${withdrawalHolds.startedAt} else excluded.started_at end`,
        endsAt: sql`greatest(coalesce(${withdrawalHolds.endsAt}, excluded.ends_at), excluded.ends_at)`,
        updatedAt: now,
      },
    })
    .returning();
  if (!row?.startedAt || !row.endsAt) throw new Error('the hold was not stored');
  await tx
    .update(withdrawals)
    .set({ heldUntil: row.endsAt })
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, withdrawStatuses.wait)));
  const [notice] = await tx
    .insert(notices)
    .values({ userId, kind: `withdrawalHold.${reason}`, params: { until: holdTime(row.endsAt) } })
    .returning({ id: notices.id });
  if (!notice) throw new Error('insert returned no notice');
  return { userId, reason, startedAt: row.startedAt, endsAt: row.endsAt, noticeId: notice.id };
}

/** The member's hold in force at `now` (null when none) and whether allow-list mode is on. */
export async function withdrawalHoldOf(
  db: Database | Transaction,
  userId: number,
  now: Date,
): Promise<{ hold: WithdrawalHold | null; allowListOnly: boolean }> {
  const [row] = await db.select().from(withdrawalHolds).where(eq(withdrawalHolds.userId, userId));
  if (!row) return { hold: null, allowListOnly: false };
  const live = row.reason && row.startedAt && row.endsAt && row.endsAt > now;
  return {
    hold:
      live && row.reason && row.startedAt && row.endsAt
        ? { userId, reason: row.reason, startedAt: row.startedAt, endsAt: row.endsAt }
        : null,
    allowListOnly: row.allowListOnly,
  };
}

/** A mail to a member about their account, sent through the code sender's mail path (member/delivery.ts). */
export type AccountMail = {
  destination: string;
  lang: LanguageKey;
  kind: string;
  subject: string;
  text: string;
  /** Headers of the mail besides the usual ones: a notification's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};
export type AccountMailer = { sendMail(mail: AccountMail): Promise<void> };

/**
 * Tells the member's open apps of the new notice and mails the member (when they have a mail
 * address) in `lang`, or in the member's own language when an operator started the hold. The mail goes out in the background: a slow or failing mail server never
 * holds up or fails the change that started the hold; a failure is logged.
 */
export function announceWithdrawalHold(
  deps: {
    db: Database;
    mailer: AccountMailer;
    bus?: EventBus;
    log: { error(object: object, message: string): void };
  },
  hold: StartedHold,
  lang: LanguageKey | 'member',
): void {
  deps.bus?.emit('notice', { userId: hold.userId, id: hold.noticeId });
  const send = async () => {
    const [user] = await deps.db
      .select({ mail: users.mail, lang: users.lang })
      .from(users)
      .where(eq(users.id, hold.userId));
    if (!user?.mail) return;
    const params = { until: holdTime(hold.endsAt) };
    const language = lang === 'member' ? resolveLanguage(user.lang) : lang;
    await deps.mailer.sendMail({
      destination: user.mail,
      lang: language,
      kind: 'withdrawalHold',
      subject: translate(language, `notice.withdrawalHold.${hold.reason}.title`, params),
      text: translate(language, `notice.withdrawalHold.${hold.reason}.body`, params),
    });
  };
  send().catch((error: unknown) => deps.log.error({ err: error, userId: hold.userId }, 'withdrawal hold mail failed'));
}
