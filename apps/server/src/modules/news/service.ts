import { type LanguageKey, type NewsItem, newsCategories } from '@soar/contract';
import { and, arrayContains, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ArticleTranslation, newsArticles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { fold } from '../../market/provider.ts';

type ArticleRow = typeof newsArticles.$inferSelect;

/** What members may read: neither a draft nor an article an operator unpublished (docs/admin.md, News). */
const memberVisible = and(eq(newsArticles.draft, false), isNull(newsArticles.unpublishedAt)) as SQL;
type Category = (typeof newsCategories)[number];

/** The request's language when the article is translated into it, else English (always present). */
export function pickTranslation(
  row: ArticleRow,
  lang: LanguageKey,
): { language: LanguageKey; text: ArticleTranslation } {
  const own = row.translations[lang];
  if (own) return { language: lang, text: own };
  const english = row.translations.en;
  if (!english) throw new Error(`article ${row.slug} has no English text`);
  return { language: 'en', text: english };
}

function toItem(row: ArticleRow, lang: LanguageKey): NewsItem {
  const { language, text } = pickTranslation(row, lang);
  return {
    id: row.id,
    slug: row.slug,
    title: text.title,
    summary: text.summary,
    publishedAt: row.publishedAt.toISOString(),
    symbols: row.symbols,
    category: (newsCategories as readonly string[]).includes(row.category) ? (row.category as Category) : 'markets',
    language,
  };
}

export class NewsService {
  constructor(private readonly db: Database) {}

  async list(query: PageQuery & { symbol?: string; category?: Category }, lang: LanguageKey) {
    const filters: SQL[] = [memberVisible];
    if (query.symbol) filters.push(arrayContains(newsArticles.symbols, [query.symbol]));
    if (query.category) filters.push(eq(newsArticles.category, query.category));
    const where = and(...filters);
    return paginate(
      query,
      this.db
        .select()
        .from(newsArticles)
        .where(where)
        .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(newsArticles).where(where),
      (row) => toItem(row, lang),
    );
  }

  async detail(id: number, lang: LanguageKey) {
    const [row] = await this.db
      .select()
      .from(newsArticles)
      .where(and(eq(newsArticles.id, id), memberVisible))
      .limit(1);
    if (!row) throw new AppError('NEWS_NOT_FOUND');
    return { ...toItem(row, lang), body: pickTranslation(row, lang).text.body };
  }

  /**
   * Titles in any language, folded (case and accents). The news table is small and edited by
   * operators, so it is scanned here; a large archive would want a trigram index instead.
   */
  async search(text: string, lang: LanguageKey, limit: number): Promise<NewsItem[]> {
    const needle = fold(text);
    const rows = await this.db.select().from(newsArticles).where(memberVisible).orderBy(desc(newsArticles.publishedAt));
    return rows
      .filter((row) => Object.values(row.translations).some((translation) => fold(translation.title).includes(needle)))
      .slice(0, limit)
      .map((row) => toItem(row, lang));
  }
}
