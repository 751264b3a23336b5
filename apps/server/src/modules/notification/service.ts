import {
  type LanguageKey,
  type NotificationKind,
  type NotificationSetting,
  type NotificationSettingsBody,
  notificationKinds,
} from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationSettings, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readUnsubscribeToken } from './token.ts';

const defaults = { push: true, inApp: true, email: false } as const;

/**
 * A member's channels per notification kind (docs/api.md, Notifications): stored only for kinds
 * the member changed; every other kind has the defaults.
 */
export class NotificationSettingsService {
  constructor(
    private readonly db: Database,
    /** Signs and reads unsubscribe links; none: no notification mail (production without UNSUBSCRIBE_SECRET). */
    private readonly secret: string | undefined,
  ) {}

  async settings(userId: number) {
    const [rows, [user]] = await Promise.all([
      this.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
      this.db.select({ mail: users.mail }).from(users).where(eq(users.id, userId)),
    ]);
    const stored = new Map(rows.map((row) => [row.kind, row]));
    const list: NotificationSetting[] = notificationKinds.map((kind) => {
      const row = stored.get(kind);
      return row ? { kind, push: row.push, inApp: row.inApp, email: row.email } : { kind, ...defaults };
    });
    return { list, hasMail: Boolean(user?.mail), emailAvailable: this.secret !== undefined };
  }

  /** Changes the channels the body names; the language of the request becomes the member's for mails. */
  async save(userId: number, body: NotificationSettingsBody, lang: LanguageKey) {
    const changes = notificationKinds.flatMap((kind) => {
      const channels = body[kind];
      return channels ? [{ kind, channels }] : [];
    });
    const emailOn = changes.some(({ channels }) => channels.email === true);
    if (emailOn && !this.secret) throw new AppError('NOTIFICATION_EMAIL_UNAVAILABLE');
    await this.db.transaction(async (tx) => {
      const [user] = await tx.update(users).set({ lang }).where(eq(users.id, userId)).returning({ mail: users.mail });
      if (emailOn && !user?.mail) throw new AppError('NOTIFICATION_MAIL_MISSING');
      const now = new Date();
      for (const { kind, channels } of changes) {
        await tx
          .insert(notificationSettings)
          .values({ userId, kind, ...defaults, ...channels, updatedAt: now })
          .onConflictDoUpdate({
            target: [notificationSettings.userId, notificationSettings.kind],
            set: { ...channels, updatedAt: now },
          });
      }
    });
    return this.settings(userId);
  }

  /** An unsubscribe link (RFC 8058): email off for the kind it names, no session needed. */
  async unsubscribe(token: string): Promise<{ kind: NotificationKind; email: false }> {
    const named = this.secret ? readUnsubscribeToken(this.secret, token) : undefined;
    if (!named) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const { userId, kind } = named;
    const [member] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const now = new Date();
    await this.db
      .insert(notificationSettings)
      .values({ userId, kind, ...defaults, email: false, updatedAt: now })
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { email: false, updatedAt: now },
      });
    return { kind, email: false };
  }
}
