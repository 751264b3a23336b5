import type { NewsItem } from '@soar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArticles } from '../../market/reference-data.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Page = { list: NewsItem[]; total: number };
async function get<T>(url: string, lang = 'en') {
  const response = await api(test.app).get(url.slice(1), { lang });
  return { status: response.statusCode, body: response.json() as { code: number | string; message: string; data: T } };
}

const articles = loadArticles();
const translatedInGerman = articles.find((article) => article.translations.de);
const englishOnly = articles.find((article) => !article.translations.de);

describe('news', () => {
  it('lists the seeded articles newest first', async () => {
    const { body } = await get<Page>('/news/list?pageSize=100');
    expect(body.data.total).toBe(articles.length);
    const times = body.data.list.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('serves the request language where translated, else English, and says which', async () => {
    const { body } = await get<Page>('/news/list?pageSize=100', 'de');
    const german = body.data.list.find((item) => item.slug === translatedInGerman?.slug);
    const english = body.data.list.find((item) => item.slug === englishOnly?.slug);
    expect(german).toMatchObject({ language: 'de', title: translatedInGerman?.translations.de?.title });
    expect(english).toMatchObject({ language: 'en', title: englishOnly?.translations.en.title });
  });

  it('shows one article with its body, falling back to English', async () => {
    const list = (await get<Page>('/news/list?pageSize=100')).body.data.list;
    const id = list.find((item) => item.slug === englishOnly?.slug)?.id;
    const { status, body } = await get<NewsItem & { body: string }>(`/news/detail?id=${id}`, 'ja');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ language: 'en', body: englishOnly?.translations.en.body });
  });

  it('filters by symbol and by category', async () => {
    const nvda = (await get<Page>('/news/list?symbol=nvda')).body.data.list;
    expect(nvda.length).toBeGreaterThan(0);
    expect(nvda.every((item) => item.symbols.includes('NVDA'))).toBe(true);
    const economy = (await get<Page>('/news/list?category=economy')).body.data.list;
    expect(economy.every((item) => item.category === 'economy')).toBe(true);
    expect((await get('/news/list?category=gossip')).status).toBe(422);
  });

  it('answers 404 NEWS_NOT_FOUND for an unknown article, in two languages', async () => {
    const english = await get('/news/detail?id=999999');
    const italian = await get('/news/detail?id=999999', 'it');
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ code: 'NEWS_NOT_FOUND', message: 'This article does not exist' });
    expect(italian.body).toEqual({ code: 'NEWS_NOT_FOUND', message: 'Questo articolo non esiste' });
  });
});
