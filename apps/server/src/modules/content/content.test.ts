import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createOperator } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let editor: { headers: Record<string, string>; operator: { id: number } };
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  editor = await createOperator(t.app, { role: 'support' });
});
afterAll(() => t.close());

const article = {
  slug: 'central-bank-holds-rates',
  category: 'economy',
  symbols: ['AAPL'],
  translations: {
    en: {
      title: 'Central bank holds rates',
      summary: 'No change this month.',
      body: 'The central bank kept its rate.',
    },
    de: {
      title: 'Notenbank lässt Zinsen unverändert',
      summary: 'Keine Änderung.',
      body: 'Die Notenbank hielt den Zins.',
    },
  },
};

describe('banners', () => {
  it('the home page gets the seeded banners in the request’s language', async () => {
    const german = await http.get('banner/list', { lang: 'de' });
    expect(german.statusCode).toBe(200);
    expect(german.json().data).toHaveLength(3);
    expect(german.json().data[0]).toMatchObject({
      style: 0,
      link: '/pages/main/market/index',
      title: 'Weltweite Märkte in einer App',
    });
  });

  it('operators add, change and remove a banner; untranslated languages fall back to English', async () => {
    const created = await http.post(
      'admin/banner/create',
      {
        translations: { en: { title: 'IPO week', text: 'Three listings' } },
        style: 2,
        link: '/pages/product/newstock',
        sort: 0,
      },
      { headers: editor.headers },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const first = (await http.get('banner/list', { lang: 'ja' })).json().data[0];
    expect(first).toEqual({
      id,
      title: 'IPO week',
      text: 'Three listings',
      style: 2,
      link: '/pages/product/newstock',
      language: 'en',
      fallback: true,
    });
    await http.post('admin/banner/update', { id, enabled: false }, { headers: editor.headers });
    expect((await http.get('banner/list')).json().data.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await http.post('admin/banner/delete', { id }, { headers: editor.headers })).statusCode).toBe(200);
    expect((await http.post('admin/banner/delete', { id }, { headers: editor.headers })).statusCode).toBe(404);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'banner'));
    expect(actions.map((row) => row.action)).toEqual(['banner.create', 'banner.update', 'banner.delete']);
  });

  it('refuses links outside the app and missing English', async () => {
    const cases: unknown[] = [
      { translations: { en: { title: 'x', text: 'y' } }, style: 0, link: 'https://evil.example' },
      { translations: { en: { title: 'x', text: 'y' } }, style: 0, link: '//evil.example' },
      { translations: { de: { title: 'x', text: 'y' } }, style: 0 },
      { translations: { en: { title: 'x', text: 'y' } }, style: 3 },
      { translations: { en: { title: 'x'.repeat(81), text: 'y' } }, style: 0 },
      { translations: { en: { title: 'x', text: 'y' } }, style: 0, extra: true, link: 'javascript:alert(1)' },
    ];
    for (const body of cases) {
      const response = await http.post('admin/banner/create', body, { headers: editor.headers });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await http.post('admin/banner/update', { id: 2 ** 31, style: 1 }, { headers: editor.headers })).statusCode,
    ).toBe(422);
  });
});

describe('news editing', () => {
  it('publishes an article in several languages; unpublishing takes it off the member app', async () => {
    const created = await http.post('admin/news/create', article, { headers: editor.headers });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ languages: ['en', 'de'], unpublishedAt: null });
    const german = await http.get(`news/detail?id=${id}`, { lang: 'de' });
    expect(german.json().data).toMatchObject({ title: 'Notenbank lässt Zinsen unverändert', language: 'de' });
    const updated = await http.post(
      'admin/news/update',
      {
        id,
        translations: {
          ...article.translations,
          ja: { title: '中央銀行が金利据え置き', summary: '今月は変更なし。', body: '中央銀行は金利を維持した。' },
        },
      },
      { headers: editor.headers },
    );
    expect(updated.json().data.languages).toEqual(['en', 'de', 'ja']);
    const off = await http.post('admin/news/unpublish', { id }, { headers: editor.headers });
    expect(off.json().data.unpublishedAt).not.toBeNull();
    expect((await http.get(`news/detail?id=${id}`)).statusCode).toBe(404);
    const list = await http.get('news/list?pageSize=100');
    expect(list.json().data.list.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await http.get('search?q=Central%20bank%20holds')).json().data.news).toEqual([]);
    const admin = await http.get('admin/news/list?state=unpublished', { headers: editor.headers });
    expect(admin.json().data.list.map((row: { id: number }) => row.id)).toEqual([id]);
    await http.post('admin/news/publish', { id }, { headers: editor.headers });
    expect((await http.get(`news/detail?id=${id}`)).statusCode).toBe(200);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'news'));
    expect(actions.map((row) => row.action)).toEqual(['news.create', 'news.update', 'news.unpublish', 'news.publish']);
  });

  it('refuses a slug in use and bad articles with a clear 4xx', async () => {
    const first = await http.post(
      'admin/news/create',
      { ...article, slug: 'unique-slug-one' },
      { headers: editor.headers },
    );
    expect(first.statusCode).toBe(200);
    const again = await http.post(
      'admin/news/create',
      { ...article, slug: 'unique-slug-one' },
      { headers: editor.headers, lang: 'it' },
    );
    expect(again.json()).toEqual({ code: 'SLUG_EXISTS', message: 'Un altro articolo usa già questo slug' });
    const rename = await http.post(
      'admin/news/update',
      { id: first.json().data.id, slug: 'central-bank-holds-rates' },
      { headers: editor.headers },
    );
    expect(rename.json().code).toBe('SLUG_EXISTS');
    const bad: unknown[] = [
      { ...article, slug: 'Not A Slug' },
      { ...article, slug: 'ok-slug', category: 'gossip' },
      { ...article, slug: 'ok-slug', translations: { de: article.translations.de } },
      { ...article, slug: 'ok-slug', symbols: ['aapl'] },
      { ...article, slug: 'ok-slug', publishedAt: 'tomorrow' },
      { ...article, slug: 'ok-slug', translations: { en: { ...article.translations.en, title: 'nul\u0000' } } },
    ];
    for (const body of bad) {
      expect(
        (await http.post('admin/news/create', body, { headers: editor.headers })).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    expect((await http.get('admin/news/detail?id=2147483647', { headers: editor.headers })).statusCode).toBe(404);
    expect((await http.post('admin/news/unpublish', { id: 2 ** 31 }, { headers: editor.headers })).statusCode).toBe(
      422,
    );
  });
});
