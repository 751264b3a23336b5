import { z } from 'zod';
import type { Api } from './api.ts';
import { ok, page, pageQuery } from './envelope.ts';
import { idBody, idField, idQuery, operatorText, textLanguage, isoTime as time, translationsOf } from './fields.ts';
import { newsCategories } from './market.ts';

/** Failures of operator content (news, banners). */
export const contentErrors = {
  SLUG_EXISTS: 409,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

// News in seven languages: English always, the others when translated

export const articleTranslation = z.object({ title: text(200), summary: text(500), body: text(20_000) });
const newsTranslations = z.object({
  en: articleTranslation,
  de: articleTranslation.optional(),
  es: articleTranslation.optional(),
  fr: articleTranslation.optional(),
  it: articleTranslation.optional(),
  ja: articleTranslation.optional(),
  'zh-CN': articleTranslation.optional(),
});

export const newsAdminQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  state: z.enum(['draft', 'published', 'unpublished']).optional(),
});
export const newsAdminItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string().describe('the English title'),
  category: z.enum(newsCategories),
  symbols: z.array(z.string()),
  languages: z.array(z.string()),
  publishedAt: time.describe('a draft: when it was saved; it takes the time it is published'),
  unpublishedAt: time.nullable(),
  draft: z.boolean().describe('saved, never published: no member sees it'),
});
export const newsAdminDetail = newsAdminItem.extend({ translations: newsTranslations });
const symbolList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9.^-]{1,16}$/, { error: 'validation.symbol' }),
  )
  .max(20);
export const newsCreateBody = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'validation.slug' })
    .max(120),
  category: z.enum(newsCategories),
  symbols: symbolList.default([]),
  publishedAt: z.iso.datetime({ offset: true }).optional().describe('default now'),
  translations: newsTranslations,
  draft: z.boolean().optional().describe('true: save without publishing (default false)'),
});
// Strict: `draft` is the create call's; an article once published is unpublished, never made a draft
// again. `symbols` left out keeps the article's (the create call's default of none would wipe them).
export const newsUpdateBody = newsCreateBody
  .omit({ draft: true })
  .partial()
  .extend({ id: idField, symbols: symbolList.optional() })
  .strict();

// Banners of the home page

export const bannerTranslation = z.strictObject({ title: operatorText(80), text: operatorText(160) });
const bannerTranslations = translationsOf(bannerTranslation);
/** A path inside the web app (`/pages/deposit/index`): banners never send members elsewhere. */
const appLink = z
  .string()
  .trim()
  .regex(/^\/(?!\/)[A-Za-z0-9/_.?=&-]{0,200}$/, { error: 'validation.link' })
  .nullable();

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  style: z.number().int().describe('the drawn background: 0, 1 or 2'),
  link: z.string().nullable(),
  ...textLanguage,
});
export const bannerAdminItem = z.object({
  id: z.number().int(),
  translations: bannerTranslations,
  style: z.number().int(),
  link: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const bannerBody = z.object({
  translations: bannerTranslations,
  style: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  link: appLink.optional(),
  sort: z.number().int().min(0).max(1000).optional(),
  enabled: z.boolean().optional(),
});
export const bannerUpdateBody = bannerBody.partial().extend({ id: idField });

/** The home page's banners, in the request's language (English when not translated). */
export const contentApi = {
  bannerList: {
    method: 'GET',
    path: '/banner/list',
    access: 'public',
    summary: 'The home page banners, enabled, in order',
    response: ok(z.array(banner)),
  },
} as const satisfies Api;

const editors = { access: 'operator', roles: ['support'] } as const;

export const contentAdminApi = {
  newsList: {
    ...editors,
    method: 'GET',
    path: '/admin/news/list',
    summary: 'News, newest first, published or not',
    query: newsAdminQuery,
    response: ok(page(newsAdminItem)),
  },
  newsDetail: {
    ...editors,
    method: 'GET',
    path: '/admin/news/detail',
    summary: 'An article with every translation',
    query: idQuery,
    response: ok(newsAdminDetail),
  },
  newsCreate: {
    ...editors,
    method: 'POST',
    path: '/admin/news/create',
    summary: 'Publish an article, or save it as a draft (English required, six more languages optional)',
    body: newsCreateBody,
    response: ok(newsAdminDetail),
  },
  newsUpdate: {
    ...editors,
    method: 'POST',
    path: '/admin/news/update',
    summary: 'Change an article',
    body: newsUpdateBody,
    response: ok(newsAdminDetail),
  },
  newsUnpublish: {
    ...editors,
    method: 'POST',
    path: '/admin/news/unpublish',
    summary: 'Take an article off the member app (kept for the record)',
    body: idBody,
    response: ok(newsAdminDetail),
  },
  newsPublish: {
    ...editors,
    method: 'POST',
    path: '/admin/news/publish',
    summary: 'Publish a draft (it takes the time now), or put an unpublished article back',
    body: idBody,
    response: ok(newsAdminDetail),
  },
  bannerList: {
    ...editors,
    method: 'GET',
    path: '/admin/banner/list',
    summary: 'Every banner, enabled or not',
    response: ok(z.array(bannerAdminItem)),
  },
  bannerCreate: {
    ...editors,
    method: 'POST',
    path: '/admin/banner/create',
    summary: 'Add a banner',
    body: bannerBody,
    response: ok(bannerAdminItem),
  },
  bannerUpdate: {
    ...editors,
    method: 'POST',
    path: '/admin/banner/update',
    summary: 'Change a banner',
    body: bannerUpdateBody,
    response: ok(bannerAdminItem),
  },
  bannerDelete: {
    ...editors,
    method: 'POST',
    path: '/admin/banner/delete',
    summary: 'Remove a banner',
    body: idBody,
    response: ok(idBody),
  },
} as const satisfies Api;
