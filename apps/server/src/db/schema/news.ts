import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type ArticleTranslation = { title: string; summary: string; body: string };

/** News articles; `translations` holds one entry per language, English always present. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    symbols: text('symbols').array().notNull().default([]),
    category: text('category').notNull(),
    translations: jsonb('translations').$type<Record<string, ArticleTranslation>>().notNull(),
  },
  (table) => [index('news_articles_published').on(table.publishedAt)],
);
