import { type LanguageKey, languageKeys, type PushSubscribeBody } from '@soar/contract';
import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { memberSessionLive } from '../../core/sessions.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { pushSubscriptions, sessions } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/workers.ts';
import { AppError } from '../../lib/errors.ts';
import type { DecimalsOf } from '../../lib/readable-params.ts';
import { noticePage, noticeTexts, queueSettledNotices } from '../notice/index.ts';
import { pushWanted } from '../notification/index.ts';
import { endpointAllowed, postPush } from './endpoint.ts';
import type { VapidKeys } from './keys.ts';

export type PushDeps = {
  db: Database;
  keys: VapidKeys | undefined;
  subject: string;
  allowlist: readonly string[];
  decimalsOf: DecimalsOf;
  /** A notice is pushed once it is this old, so a transaction that took a lower id has committed. */
  settleMs?: number;
  onError?: (error: unknown) => void;
};

/** A queued push with what it needs to be sent: the subscription's keys and the notice. */
type Delivery = {
  subscription_id: number;
  notice_id: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  kind: string;
  params: Record<string, unknown>;
  reference: string | null;
};

/** Pushes that fail for a while (the service down, 429, 5xx) are tried this many times. */
const maxAttempts = 5;
const batchSize = 50;

/**
 * Web Push (docs/api.md, Push): members' subscriptions, and the sender that pushes each new
 * notice to its member's live subscriptions, when the member has push on for its kind (docs/api.md,
 * Notifications; announcements and kinds outside the map stay in the inbox). Notices are the outbox: the sender reads them after
 * their commit, off every request's and the engine's path, and tries a failed push again later.
 */
export class PushService {
  constructor(private readonly deps: PushDeps) {}

  get publicKey(): string {
    if (!this.deps.keys) throw new AppError('PUSH_UNAVAILABLE');
    return this.deps.keys.publicKey;
  }

  async subscribe(userId: number, sessionId: number, body: PushSubscribeBody, lang: LanguageKey): Promise<void> {
    if (!this.deps.keys) throw new AppError('PUSH_UNAVAILABLE');
    if (!endpointAllowed(body.endpoint, this.deps.allowlist)) throw new AppError('PUSH_ENDPOINT_REFUSED');
    const values = { userId, sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, lang };
    // An endpoint is one browser's: subscribing it again (another member signed in there) moves it.
    await this.deps.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** The sender, a worker of the engine node (docs/jobs.md, Workers). */
  sender(): Worker {
    return { name: 'push.send', intervalMs: 1000, pass: (now) => this.pass(now) };
  }

  /** Queues new notices for their members' subscriptions, drops ended sessions', sends what is due. */
  async pass(now: Date): Promise<boolean> {
    if (!this.deps.keys) return false;
    await this.#queue(now);
    await this.deps.db
      .delete(pushSubscriptions)
      .where(
        sql`not exists (select 1 from ${sessions} where ${sessions.id} = ${pushSubscriptions.sessionId} and ${memberSessionLive(now)})`,
      );
    return this.#send(now);
  }

  #queue(now: Date): Promise<void> {
    const settled = new Date(now.getTime() - (this.deps.settleMs ?? 2000));
    return queueSettledNotices(
      this.deps.db,
      'push.cursor',
      settled,
      (from, upTo) => sql`
        insert into push_deliveries (subscription_id, notice_id, next_at)
        select s.id, n.id, ${now} from notices n join push_subscriptions s on s.user_id = n.user_id
        where n.id > ${from} and n.id <= ${upTo} and ${pushWanted({ userId: sql`n.user_id`, kind: sql`n.kind` })}
        on conflict do nothing`,
    );
  }

  async #send(now: Date): Promise<boolean> {
    const due = await queryRows<Delivery>(
      this.deps.db,
      sql`select d.subscription_id, d.notice_id, d.attempts, s.endpoint, s.p256dh, s.auth, s.lang, n.kind, n.params, n.reference
        from push_deliveries d join push_subscriptions s on s.id = d.subscription_id join notices n on n.id = d.notice_id
        where d.next_at <= ${now} order by d.next_at, d.notice_id limit ${batchSize}`,
    );
    for (let start = 0; start < due.length; start += 10) {
      await Promise.all(due.slice(start, start + 10).map((delivery) => this.#deliver(delivery, now)));
    }
    return due.length === batchSize;
  }

  async #deliver(delivery: Delivery, now: Date): Promise<void> {
    const keys = this.deps.keys;
    if (!keys) return;
    const lang = (languageKeys as readonly string[]).includes(delivery.lang) ? (delivery.lang as LanguageKey) : 'en';
    const texts = noticeTexts(lang, delivery.kind, delivery.params, this.deps.decimalsOf);
    const payload = JSON.stringify({
      ...texts,
      url: noticePage(delivery.reference),
      tag: `notice:${delivery.notice_id}`,
    });
    const key = sql`subscription_id = ${delivery.subscription_id} and notice_id = ${delivery.notice_id}`;
    let outcome: 'sent' | 'gone' | 'refused' | 'retry';
    let error: string | undefined;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        payload,
        { vapidDetails: { subject: this.deps.subject, ...keys }, TTL: 24 * 60 * 60 },
      );
      const response = await postPush(
        delivery.endpoint,
        request.headers as Record<string, string>,
        request.body as Buffer,
        this.deps.allowlist,
      );
      error = `${response.status} ${response.body.slice(0, 200)}`;
      if (response.status >= 200 && response.status < 300) outcome = 'sent';
      else if (response.status === 404 || response.status === 410) outcome = 'gone';
      else if (response.status === 429 || response.status >= 500) outcome = 'retry';
      else outcome = 'refused';
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      outcome = 'retry';
    }
    if (outcome === 'gone') {
      await this.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, delivery.subscription_id));
      return;
    }
    if (outcome === 'retry' && delivery.attempts + 1 < maxAttempts) {
      const backoffMs = 30_000 * 2 ** delivery.attempts;
      await this.deps.db.execute(sql`update push_deliveries set attempts = attempts + 1,
        next_at = ${new Date(now.getTime() + backoffMs)}, error = ${error ?? null} where ${key}`);
      return;
    }
    if (outcome !== 'sent')
      this.deps.onError?.(new Error(`push to subscription ${delivery.subscription_id} failed: ${error}`));
    await this.deps.db.execute(sql`delete from push_deliveries where ${key}`);
  }
}
