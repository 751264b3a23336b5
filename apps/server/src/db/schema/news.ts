import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Taken off the member app by an operator; the row stays for the record. */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    /** Saved by an operator, never published yet: no member call reads it (docs/admin.md, News). */
    draft: boolean('draft').notNull().default(false),
  },
  (table) => [index('news_articles_published').on(table.publishedAt)],
);

export type BannerTranslation = { title: string; text: string };

/** The home page's banners, edited by operators; `translations` always holds English. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  /** Seeds find their own rows by it; null for banners operators add. */
  code: text('code').unique(),
  translations: jsonb('translations').$type<Record<string, BannerTranslation>>().notNull(),
  /** Which drawn background the web app paints (0, 1, 2). */
  style: integer('style').notNull().default(0),
  /** A path inside the web app, or none. */
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
