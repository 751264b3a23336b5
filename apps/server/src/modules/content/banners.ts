import type { LanguageKey } from '@soar/contract';
import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { type BannerTranslation, banners } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/route.ts';
import { translated } from '../../lib/translations.ts';

type BannerRow = typeof banners.$inferSelect;
type Translations = { en: BannerTranslation } & Partial<Record<LanguageKey, BannerTranslation>>;
export type BannerInput = {
  translations?: Translations;
  style?: number;
  link?: string | null;
  sort?: number;
  enabled?: boolean;
};

function adminView(row: BannerRow) {
  return {
    id: row.id,
    translations: row.translations as Translations,
    style: row.style,
    link: row.link,
    sort: row.sort,
    enabled: row.enabled,
  };
}

/** The home page's banners: a public list in the request's language, and the operators' CRUD. */
export class BannerService {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Database) {}

  /** Called after every committed change (the web app's first view drops its cached banners). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed<T>(result: T): T {
    for (const listener of this.listeners) listener();
    return result;
  }

  async list(lang: LanguageKey) {
    const rows = await this.db
      .select()
      .from(banners)
      .where(eq(banners.enabled, true))
      .orderBy(asc(banners.sort), asc(banners.id));
    return rows.flatMap((row) => {
      const english = row.translations.en;
      if (!english) return [];
      const { text, language, fallback } = translated(english, row.translations, lang);
      return [{ id: row.id, title: text.title, text: text.text, style: row.style, link: row.link, language, fallback }];
    });
  }

  async adminList() {
    const rows = await this.db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
    return rows.map(adminView);
  }

  async create(actor: Actor, input: BannerInput & { translations: Translations }) {
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(banners).values(input).returning();
      if (!row) throw new Error('insert returned no banner');
      await recordAudit(tx, {
        ...who(actor),
        action: 'banner.create',
        entity: 'banner',
        entityId: row.id,
        before: null,
        after: adminView(row),
      });
      return adminView(row);
    });
    return this.changed(result);
  }

  async update(actor: Actor, id: number, input: BannerInput) {
    const result = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const [after] = await tx.update(banners).set(input).where(eq(banners.id, id)).returning();
      if (!after) throw new Error('update returned no banner');
      await recordAudit(tx, {
        ...who(actor),
        action: 'banner.update',
        entity: 'banner',
        entityId: id,
        before: adminView(before),
        after: adminView(after),
      });
      return adminView(after);
    });
    return this.changed(result);
  }

  async remove(actor: Actor, id: number) {
    const result = await this.db.transaction(async (tx) => {
      const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
      if (!before) throw new AppError('NOT_FOUND');
      await recordAudit(tx, {
        ...who(actor),
        action: 'banner.delete',
        entity: 'banner',
        entityId: id,
        before: adminView(before),
        after: null,
      });
      return { id };
    });
    return this.changed(result);
  }
}

export const who = (actor: Actor) => ({ operatorId: actor.operatorId, ip: actor.ip });
