import { type NotificationKind, noticeGroupOf, resolveLanguage } from '@soar/contract';
import { translate } from '@soar/i18n';
import { sql } from 'drizzle-orm';
import type { AccountMailer } from '../../core/withdrawal-hold.ts';
import { type Database, queryRows } from '../../db/client.ts';
import type { Worker } from '../../jobs/workers.ts';
import type { DecimalsOf } from '../../lib/readable-params.ts';
import { noticePage, noticeTexts, queueSettledNotices } from '../notice/index.ts';
import { noticeGroupSql } from './groups.ts';
import { unsubscribeToken } from './token.ts';

export type MailerDeps = {
  db: Database;
  /** The code sender's mail path (member/delivery.ts), the member's anti-phishing phrase put in. */
  mailer: AccountMailer;
  /** Where members reach Soar (PUBLIC_ORIGIN): the mail's links. */
  origin: string;
  /** Signs the unsubscribe links; none: nothing is mailed. */
  secret: string | undefined;
  decimalsOf: DecimalsOf;
  /** A notice is mailed once it is this old, so a transaction that took a lower id has committed. */
  settleMs?: number;
  onError?: (error: unknown) => void;
};

/** A queued mail with its notice, its member's address and language, and whether email is still on. */
type Due = {
  notice_id: number;
  attempts: number;
  user_id: number;
  kind: string;
  params: Record<string, unknown>;
  reference: string | null;
  mail: string | null;
  lang: string | null;
  wanted: boolean;
};

/** Mails that fail (the mail server down or refusing for now) are tried this many times. */
const maxAttempts = 5;
const batchSize = 50;

/**
 * Notification mail (docs/api.md, Notifications; docs/jobs.md, Workers): a worker of the engine
 * node mails each new notice to its member when they chose email for its kind. Notices are the
 * outbox, read past the worker's own cursor after their commit; nothing on a request's or the
 * engine's path waits for a mail server.
 */
export class NotificationMailer {
  constructor(private readonly deps: MailerDeps) {}

  worker(): Worker {
    return { name: 'notification.mail', intervalMs: 2000, pass: (now) => this.pass(now) };
  }

  async pass(now: Date): Promise<boolean> {
    if (!this.deps.secret) return false;
    await this.#queue(now);
    return this.#send(now);
  }

  #queue(now: Date): Promise<void> {
    const settled = new Date(now.getTime() - (this.deps.settleMs ?? 2000));
    return queueSettledNotices(
      this.deps.db,
      'notification.mail.cursor',
      settled,
      (from, upTo) => sql`
        insert into notification_mails (notice_id, next_at)
        select n.id, ${now} from notices n
        join notification_settings s on s.user_id = n.user_id and s.email and s.kind = ${noticeGroupSql(sql`n.kind`)}
        where n.id > ${from} and n.id <= ${upTo}
        on conflict do nothing`,
    );
  }

  async #send(now: Date): Promise<boolean> {
    const due = await queryRows<Due>(
      this.deps.db,
      sql`select m.notice_id, m.attempts, n.user_id, n.kind, n.params, n.reference, u.mail, u.lang,
          exists (select 1 from notification_settings s where s.user_id = n.user_id
            and s.kind = ${noticeGroupSql(sql`n.kind`)} and s.email) as wanted
        from notification_mails m join notices n on n.id = m.notice_id join users u on u.id = n.user_id
        where m.next_at <= ${now} order by m.next_at, m.notice_id limit ${batchSize}`,
    );
    for (let start = 0; start < due.length; start += 5) {
      await Promise.all(due.slice(start, start + 5).map((mail) => this.#deliver(mail, now)));
    }
    return due.length === batchSize;
  }

  async #deliver(due: Due, now: Date): Promise<void> {
    const key = sql`notice_id = ${due.notice_id}`;
    const group = noticeGroupOf(due.kind);
    // Turned off (or the address gone) since it was queued: nothing to send.
    if (!due.wanted || !due.mail || !group || group === 'account' || !this.deps.secret) {
      await this.deps.db.execute(sql`delete from notification_mails where ${key}`);
      return;
    }
    try {
      await this.deps.mailer.sendMail(this.#mail(due, due.mail, group, this.deps.secret));
    } catch (failure) {
      const error = failure instanceof Error ? failure.message : String(failure);
      if (due.attempts + 1 < maxAttempts) {
        const backoffMs = 30_000 * 2 ** due.attempts;
        await this.deps.db.execute(sql`update notification_mails set attempts = attempts + 1,
          next_at = ${new Date(now.getTime() + backoffMs)}, error = ${error.slice(0, 500)} where ${key}`);
        return;
      }
      this.deps.onError?.(new Error(`notification mail of notice ${due.notice_id} failed: ${error}`));
    }
    await this.deps.db.execute(sql`delete from notification_mails where ${key}`);
  }

  #mail(due: Due, destination: string, kind: NotificationKind, secret: string) {
    const lang = resolveLanguage(due.lang);
    const { title, body } = noticeTexts(lang, due.kind, due.params, this.deps.decimalsOf);
    const token = unsubscribeToken(secret, due.user_id, kind);
    // One-click (RFC 8058) posts to the API; the link in the text opens a page that says what it did.
    const oneClick = `${this.deps.origin}/api/v1/notification/unsubscribe?token=${token}`;
    const page = `${this.deps.origin}/#/pages/setting/unsubscribe?token=${token}`;
    const text = translate(lang, 'notifications.mail.text', {
      title,
      body,
      link: `${this.deps.origin}${noticePage(due.reference)}`,
      kind: translate(lang, `notifications.kinds.${kind}`),
      unsubscribe: page,
      settings: `${this.deps.origin}/#/pages/setting/notifications`,
    });
    return {
      destination,
      lang,
      kind: `notification.${kind}`,
      subject: title,
      text,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}
