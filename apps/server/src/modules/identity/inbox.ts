import type { LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import { currencyRates } from '../../core/currency.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { type AnnouncementTranslation, announcements, notices, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { DecimalsOf } from '../../lib/readable-params.ts';
import type { Actor } from '../../lib/route.ts';
import type { Ledger } from '../ledger/index.ts';
import { noticeTexts } from '../notice/index.ts';

type NoticeRow = typeof notices.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;
type Translations = { en: AnnouncementTranslation } & Partial<Record<LanguageKey, AnnouncementTranslation>>;

/**
 * A notice in the reader's language. A `fields` parameter (a comma list of field names, as a
 * KYC refusal sends) is shown with each field's name in that language. An announcement's text is
 * the operators' own: the reader's language when they wrote it, else the English its notice holds.
 */
export function noticeView(
  lang: LanguageKey,
  row: NoticeRow,
  announced: AnnouncementRow['translations'] | null | undefined,
  decimalsOf: DecimalsOf,
) {
  const params = { ...row.params };
  const own = announced?.[lang];
  if (own) Object.assign(params, { title: own.title, body: own.body });
  if (typeof params.fields === 'string') {
    params.fields = params.fields
      .split(',')
      .map((field) => translate(lang, `fields.${field}`))
      .join(', ');
  }
  return {
    id: row.id,
    kind: row.kind,
    ...noticeTexts(lang, row.kind, params, decimalsOf),
    reference: row.reference,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The inbox (docs/identity.md): notices per member, announcements copied to every member. */
export class InboxService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  async list(userId: number, lang: LanguageKey, query: PageQuery & { unread?: boolean }) {
    const rates = await currencyRates(this.db);
    const decimalsOf = (currency: string) => rates.get(currency)?.decimals;
    const where = and(eq(notices.userId, userId), query.unread ? isNull(notices.readAt) : undefined);
    return paginate(
      query,
      this.db
        .select({ notice: notices, announced: announcements.translations })
        .from(notices)
        .leftJoin(announcements, eq(notices.reference, sql`'announcement:' || ${announcements.id}`))
        .where(where)
        .orderBy(desc(notices.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(notices).where(where),
      (row) => noticeView(lang, row.notice, row.announced, decimalsOf),
    );
  }

  async unread(userId: number) {
    const [row] = await this.db
      .select({ count: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return { count: row?.count ?? 0 };
  }

  /** One notice of the member's (another's id is not found) or all; other tabs hear of it. */
  async read(userId: number, body: { id: number } | { all: true }) {
    await this.ledger.transaction(async (book) => {
      if ('id' in body) {
        const [row] = await book.tx
          .select({ id: notices.id, readAt: notices.readAt })
          .from(notices)
          .where(and(eq(notices.id, body.id), eq(notices.userId, userId)));
        if (!row) throw new AppError('NOTICE_NOT_FOUND');
        if (row.readAt === null) {
          await book.tx.update(notices).set({ readAt: new Date() }).where(eq(notices.id, row.id));
        }
        book.emit('notice', { userId, id: row.id });
      } else {
        await book.tx
          .update(notices)
          .set({ readAt: new Date() })
          .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
        book.emit('notice', { userId, id: 0 });
      }
    });
    return this.unread(userId);
  }

  // Announcements

  async announcements(query: PageQuery) {
    return paginate(
      query,
      this.db.select().from(announcements).orderBy(desc(announcements.id)).$dynamic(),
      this.db.select({ total: count() }).from(announcements),
      announcementView,
    );
  }

  /**
   * Copies the announcement into every member's inbox in one statement; each member's `notice`
   * topic hears of it after the commit.
   */
  async announce(actor: Actor, { translations }: { translations: Translations }) {
    const { en: body, ...others } = translations;
    return this.ledger.transaction(async (book) => {
      const [created] = await book.tx
        .insert(announcements)
        .values({ title: body.title, body: body.body, translations: others, operatorId: actor.operatorId })
        .returning();
      if (!created) throw new Error('insert returned no announcement');
      const reference = `announcement:${created.id}`;
      const inserted = await queryRows<{ id: number; userId: number }>(
        book.tx as unknown as Database,
        sql`insert into ${notices} (user_id, kind, params, reference)
            select ${users.id}, 'announcement', jsonb_build_object('title', ${body.title}::text, 'body', ${body.body}::text), ${reference}
            from ${users}
            returning id, user_id as "userId"`,
      );
      const [after] = await book.tx
        .update(announcements)
        .set({ recipients: inserted.length })
        .where(eq(announcements.id, created.id))
        .returning();
      if (!after) throw new Error('update returned no announcement');
      for (const row of inserted) book.emit('notice', { userId: row.userId, id: row.id });
      await recordAudit(book.tx, {
        operatorId: actor.operatorId,
        action: 'notice.announce',
        entity: 'announcement',
        entityId: after.id,
        before: null,
        after: announcementView(after),
        ip: actor.ip,
      });
      return announcementView(after);
    });
  }
}

function announcementView(row: AnnouncementRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    translations: { ...row.translations, en: { title: row.title, body: row.body } } as Translations,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
    operatorId: row.operatorId,
  };
}
