import { type LanguageKey, languageKeys, type newsCategories } from '@soar/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type ArticleTranslation, newsArticles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import { who } from './banners.ts';

type ArticleRow = typeof newsArticles.$inferSelect;
type Category = (typeof newsCategories)[number];
type Translations = { en: ArticleTranslation } & Partial<Record<LanguageKey, ArticleTranslation>>;
export type ArticleInput = {
  slug?: string;
  category?: Category;
  symbols?: string[];
  publishedAt?: string;
  translations?: Translations;
  draft?: boolean;
};

function itemView(row: ArticleRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.translations.en?.title ?? row.slug,
    category: row.category as Category,
    symbols: row.symbols,
    languages: languageKeys.filter((key) => key in row.translations),
    publishedAt: row.publishedAt.toISOString(),
    unpublishedAt: row.unpublishedAt?.toISOString() ?? null,
    draft: row.draft,
  };
}

function detailView(row: ArticleRow) {
  return { ...itemView(row), translations: row.translations as Translations };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** News for operators: every article, published or not, with all its translations (audited edits). */
export class NewsAdmin {
  constructor(private readonly db: Database) {}

  async list(query: PageQuery & { q?: string; state?: 'draft' | 'published' | 'unpublished' }) {
    const filters: SQL[] = [];
    if (query.q) {
      const pattern = likeText(query.q);
      const title = or(
        ilike(newsArticles.slug, pattern),
        ilike(sql`${newsArticles.translations}->'en'->>'title'`, pattern),
      );
      if (title) filters.push(title);
    }
    if (query.state === 'draft') filters.push(eq(newsArticles.draft, true));
    if (query.state === 'published') filters.push(eq(newsArticles.draft, false), isNull(newsArticles.unpublishedAt));
    if (query.state === 'unpublished')
      filters.push(eq(newsArticles.draft, false), isNotNull(newsArticles.unpublishedAt));
    const where = filters.length > 0 ? and(...filters) : undefined;
    return paginate(
      query,
      this.db
        .select()
        .from(newsArticles)
        .where(where)
        .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(newsArticles).where(where),
      itemView,
    );
  }

  async detail(id: number) {
    const [row] = await this.db.select().from(newsArticles).where(eq(newsArticles.id, id));
    if (!row) throw new AppError('NEWS_NOT_FOUND');
    return detailView(row);
  }

  async create(
    actor: Actor,
    input: Required<Omit<ArticleInput, 'publishedAt' | 'draft'>> & { publishedAt?: string; draft?: boolean },
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(newsArticles)
        .values({
          ...input,
          draft: input.draft ?? false,
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('SLUG_EXISTS');
      await recordAudit(tx, {
        ...who(actor),
        action: row.draft ? 'news.draft' : 'news.create',
        entity: 'news',
        entityId: row.id,
        before: null,
        after: detailView(row),
      });
      return detailView(row);
    });
  }

  async update(actor: Actor, id: number, input: ArticleInput) {
    return this.change(actor, id, 'news.update', async (tx, before) => {
      if (input.slug && input.slug !== before.slug) {
        const [taken] = await tx
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(eq(newsArticles.slug, input.slug));
        if (taken) throw new AppError('SLUG_EXISTS');
      }
      const { publishedAt, ...rest } = input;
      return { ...rest, ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}) };
    });
  }

  /** A draft published takes the time now: members see it as news of the moment it went out. */
  async setPublished(actor: Actor, id: number, published: boolean) {
    return this.change(actor, id, published ? 'news.publish' : 'news.unpublish', async (_tx, before) => {
      if (!published) return { unpublishedAt: before.unpublishedAt ?? new Date() };
      return before.draft ? { draft: false, unpublishedAt: null, publishedAt: new Date() } : { unpublishedAt: null };
    });
  }

  private async change(
    actor: Actor,
    id: number,
    action: string,
    patch: (tx: Transaction, before: ArticleRow) => Promise<Partial<typeof newsArticles.$inferInsert>>,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(newsArticles).where(eq(newsArticles.id, id)).for('update');
      if (!before) throw new AppError('NEWS_NOT_FOUND');
      const [after] = await tx
        .update(newsArticles)
        .set(await patch(tx, before))
        .where(eq(newsArticles.id, id))
        .returning();
      if (!after) throw new Error('update returned no article');
      await recordAudit(tx, {
        ...who(actor),
        action,
        entity: 'news',
        entityId: id,
        before: detailView(before),
        after: detailView(after),
      });
      return detailView(after);
    });
  }
}
