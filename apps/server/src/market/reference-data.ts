import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const session = z.object({ open: z.string().regex(/^\d{2}:\d{2}$/), close: z.string().regex(/^\d{2}:\d{2}$/) });

/** `data/stocks.json`: one entry per listed stock; `market` is a code of the `markets` table. */
export const stockFile = z.array(
  z.object({
    symbol: z.string().min(1),
    market: z.string().min(1),
    name: z.string().min(1),
    sector: z.string(),
    lotSize: z.number().int().min(1),
    currency: z.string().min(3),
    referencePrice: decimal,
    volatility: decimal,
    averageVolume: z.number().int().min(0),
  }),
);
export type StockData = z.infer<typeof stockFile>[number];

/** `data/indices.json`: indices carry their own timezone and sessions (they are not on a `markets` row). */
export const indexFile = z.array(
  z.object({
    symbol: z.string().min(1),
    name: z.string().min(1),
    country: z.string().min(2),
    currency: z.string().min(3),
    timezone: z.string().min(1),
    sessions: z.array(session).min(1),
    referenceLevel: decimal,
    volatility: decimal,
  }),
);
export type IndexData = z.infer<typeof indexFile>[number];

const translation = z.object({ title: z.string().min(1), summary: z.string(), body: z.string() });

/** `modules/news/data/articles.json`: every article has English; others are optional. */
export const articleFile = z.array(
  z.object({
    slug: z.string().min(1),
    publishedAt: z.iso.datetime(),
    symbols: z.array(z.string()),
    category: z.enum(['markets', 'companies', 'economy', 'crypto', 'ipo']),
    translations: z
      .object({ en: translation })
      .catchall(translation)
      .refine(
        (value) => Object.keys(value).every((key) => ['en', 'de', 'es', 'fr', 'it', 'ja', 'zh-CN'].includes(key)),
        {
          message: 'unknown language',
        },
      ),
  }),
);
export type ArticleData = z.infer<typeof articleFile>[number];

const sourceDir = path.resolve(import.meta.dirname, '..');

/** Reads and validates a data file; a bad entry stops the start with its path named. */
export function loadDataFile<T extends z.ZodType>(relativePath: string, schema: T): z.infer<T> {
  const file = path.join(sourceDir, relativePath);
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${relativePath}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

export const loadStocks = () => loadDataFile('market/data/stocks.json', stockFile);
export const loadIndices = () => loadDataFile('market/data/indices.json', indexFile);
export const loadArticles = () => loadDataFile('modules/news/data/articles.json', articleFile);
